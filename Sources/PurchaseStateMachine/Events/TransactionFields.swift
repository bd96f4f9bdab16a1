/// Why the App Store revoked a transaction (StoreKit's `Transaction.RevocationReason`).
public enum RevocationReason: String, Hashable, Sendable, CaseIterable {
    /// The customer cancelled because of an actual or perceived issue in the app (wire value 1).
    case developerIssue
    /// Any other reason, including Family Sharing withdrawals (wire value 0).
    case other
}

/// Who a transaction belongs to (StoreKit's `Transaction.OwnershipType`).
public enum OwnershipType: String, Hashable, Sendable, CaseIterable {
    /// The customer bought it.
    case purchased
    /// A family member bought it and shares it.
    case familyShared
}

/// Which offer a transaction used (StoreKit's `Transaction.OfferType`).
public enum OfferType: String, Hashable, Sendable, CaseIterable {
    case introductory, promotional, code, winBack

    init(_ offer: PurchaseOffer) {
        switch offer {
        case .promotional: self = .promotional
        case .code: self = .code
        case .winBack: self = .winBack
        }
    }
}

/// Why a transaction exists (StoreKit's `Transaction.Reason`).
public enum TransactionReason: String, Hashable, Sendable, CaseIterable {
    /// The customer initiated the purchase.
    case purchase
    /// The App Store renewed an auto-renewable subscription.
    case renewal
}

/// The state of a subscription group for the customer (StoreKit's `RenewalState`).
public enum RenewalState: String, Hashable, Sendable, CaseIterable {
    case subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked

    /// Whether the state entitles the customer to service.
    public var isEntitled: Bool { self == .subscribed || self == .inGracePeriod }
}

/// Why a subscription expired (StoreKit's `RenewalInfo.ExpirationReason`).
public enum ExpirationReason: String, Hashable, Sendable, CaseIterable {
    case autoRenewDisabled, billingError, didNotConsentToPriceIncrease, productUnavailable, unknown
}
