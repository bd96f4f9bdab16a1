extension Transaction {
    /// The transaction object of `purchase-subject/1` (StoreKit 2 field names, ISO 8601 dates).
    public var json: JSONValue {
        func date(_ d: Instant?) -> JSONValue { d.map { .string($0.iso8601) } ?? .null }
        return .object([
            ("id", .int(Int64(id))), ("originalID", .int(Int64(originalID))), ("productID", .string(productID)),
            ("productType", .string(productType.rawValue)), ("purchaseDate", date(purchaseDate)),
            ("originalPurchaseDate", date(originalPurchaseDate)), ("expirationDate", date(expirationDate)),
            ("revocationDate", date(revocationDate)),
            ("revocationReason", revocationReason.map { .string($0.rawValue) } ?? .null),
            ("isUpgraded", .bool(isUpgraded)), ("ownershipType", .string(ownershipType.rawValue)),
            ("offerType", offerType.map { .string($0.rawValue) } ?? .null),
            ("appAccountToken", appAccountToken.map { .string($0) } ?? .null),
            ("subscriptionGroupID", subscriptionGroupID.map { .string($0) } ?? .null),
            ("purchasedQuantity", .int(Int64(purchasedQuantity))), ("reason", .string(reason.rawValue)),
            ("signedDate", date(signedDate)),
        ])
    }
}

extension Delivery {
    /// The delivery object of `purchase-subject/1`: `{"tx": …, "verified": …}`.
    public var json: JSONValue { .object([("tx", transaction.json), ("verified", .bool(verified))]) }
}

extension RenewalInfo {
    /// The renewal information object of `purchase-subject/1`.
    public var json: JSONValue {
        .object([
            ("willAutoRenew", .bool(willAutoRenew)),
            ("autoRenewPreference", autoRenewPreference.map { .string($0) } ?? .null),
            ("expirationReason", expirationReason.map { .string($0.rawValue) } ?? .null),
            ("gracePeriodExpirationDate", gracePeriodExpirationDate.map { .string($0.iso8601) } ?? .null),
            ("isInBillingRetry", .bool(isInBillingRetry)),
        ])
    }
}

extension SubscriptionStatus {
    /// The status object of `purchase-subject/1`'s `views.statuses`.
    public var json: JSONValue {
        .object([
            ("state", .string(state.rawValue)), ("transactionID", .int(Int64(transactionID))),
            ("renewalInfo", renewalInfo.json), ("ownershipType", .string(ownershipType.rawValue)),
        ])
    }
}

extension ServerNotification {
    /// The decoded App Store Server Notifications V2 body, as `purchase-subject/1` sends it.
    public var json: JSONValue {
        var data: [(key: String, value: JSONValue)] = [("environment", "Production")]
        if let transaction { data.append(("signedTransactionInfo", transaction.json)) }
        if let renewalInfo { data.append(("signedRenewalInfo", renewalInfo.json)) }
        if let status { data.append(("status", .int(Int64(status.serverStatus)))) }
        return .object([
            ("notificationType", .string(type.rawValue)), ("subtype", subtype.map { .string($0.rawValue) } ?? .null),
            ("notificationUUID", .string(notificationUUID)), ("version", "2.0"),
            ("signedDate", .string(signedDate.iso8601)), ("data", .object(data)),
        ])
    }
}
