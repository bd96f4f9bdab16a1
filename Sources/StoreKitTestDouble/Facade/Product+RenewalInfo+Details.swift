import Foundation

extension Product.SubscriptionInfo.RenewalInfo {
    /// Whether the customer agreed to a price increase (the model has none: never pending).
    public var priceIncreaseStatus: PriceIncreaseStatus { .noIncreasePending }
    /// The offer of the next renewal (the model has no renewal offers: nil).
    public var offerID: String? { nil }
    /// The kind of offer of the next renewal (nil: none).
    public var offerType: Transaction.OfferType? { nil }
    /// The win-back offers the customer is eligible for (none in the model).
    public var eligibleWinBackOfferIDs: [String] { [] }
    /// The server environment that signed the information.
    public var environment: AppStore.Environment { .xcode }
    /// Device verification data (empty: the simulation signs nothing).
    public var deviceVerification: Data { Data() }
    /// The nonce of the device verification, derived from the original transaction.
    public var deviceVerificationNonce: UUID { SimulatedIdentity.uuid(originalTransactionID) }
    /// The information as JSON with sorted keys (the fields the mirror knows).
    public var jsonRepresentation: Data {
        var fields: [String: Any] = [
            "originalTransactionId": String(originalTransactionID), "productId": currentProductID,
            "autoRenewStatus": willAutoRenew ? 1 : 0, "isInBillingRetryPeriod": isInBillingRetry,
            "signedDate": SimulatedIdentity.milliseconds(signedDate),
            "recentSubscriptionStartDate": SimulatedIdentity.milliseconds(recentSubscriptionStartDate),
            "environment": environment.rawValue,
        ]
        if let autoRenewPreference { fields["autoRenewProductId"] = autoRenewPreference }
        if let expirationReason { fields["expirationIntent"] = expirationReason.rawValue }
        if let gracePeriodExpirationDate {
            fields["gracePeriodExpiresDate"] = SimulatedIdentity.milliseconds(gracePeriodExpirationDate)
        }
        if let renewalDate { fields["renewalDate"] = SimulatedIdentity.milliseconds(renewalDate) }
        return SimulatedIdentity.json(fields)
    }

    /// Whether the customer responded to a subscription price increase.
    public enum PriceIncreaseStatus: Hashable, Sendable {
        /// No price increase is pending.
        case noIncreasePending
        /// A price increase is pending and the customer has not agreed.
        case pending
        /// The customer agreed to the price increase.
        case agreed
    }
}

/// Deterministic stand-ins for what the App Store derives from a device or signature.
enum SimulatedIdentity {
    /// A UUID derived from `value` (the same value, the same UUID).
    static func uuid(_ value: UInt64) -> UUID {
        let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
        return UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, b[2], b[3], b[4], b[5], b[6], b[7]))
    }

    /// Milliseconds since 1970, as the App Store's JSON spells dates.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// `fields` as JSON with sorted keys.
    static func json(_ fields: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    }
}
