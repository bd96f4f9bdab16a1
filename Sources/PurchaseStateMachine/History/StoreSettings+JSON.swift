extension StoreSettings {
    /// Reads a history's `store` object: `gracePeriod`, `billingRetry` and `variations`
    /// (an object of switch names to values; see `StoreVariations.switches`).
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "store")
        self.init()
        if let grace = try r.optionalDuration("gracePeriod") {
            guard StoreSettings.allowedGracePeriods.contains(where: { $0.hasSameLength(as: grace) }) else {
                throw r.error("gracePeriod", "\(grace.iso8601) is not one of P0D, P3D, P16D, P28D")
            }
            gracePeriod = grace
        }
        if let retry = try r.optionalDuration("billingRetry") {
            guard retry.totalMonths == 0, retry.exactSeconds <= 60 * 86_400,
                retry.exactSeconds >= gracePeriod.exactSeconds
            else {
                throw r.error("billingRetry", "\(retry.iso8601) must be at least the grace period and at most P60D")
            }
            billingRetry = retry
        }
        if let v = r.optional("variations") {
            var vr = try JSONObjectReader(v, path: "store.variations")
            for sw in StoreVariations.switches {
                if let value = try vr.optionalBool(sw.name) { sw.set(&variations, value) }
            }
            let deliveries: [(String, UpgradedTransactionDelivery)] = UpgradedTransactionDelivery.allCases.map { ($0.rawValue, $0) }
            if let d = try vr.optionalEnum(StoreVariations.upgradedTransactionDeliveryName, deliveries) {
                variations.upgradedTransactionDelivery = d
            }
            try vr.finish()
        }
        try r.finish()
    }

    /// The settings as a history's `store` object (only non-default variations are written).
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("gracePeriod", .string(gracePeriod.iso8601)), ("billingRetry", .string(billingRetry.iso8601)),
        ]
        let changed = variations.nonDefaultSettings
        if !changed.isEmpty {
            m.append((
                "variations",
                .object(changed.map { (key: $0.name, value: $0.value == "true" ? .bool(true) : $0.value == "false" ? .bool(false) : .string($0.value)) })
            ))
        }
        return .object(m)
    }
}

extension AppPolicy {
    /// Reads a history's `policy` object: `unverifiedTransactions`, `refundedConsumables`, `billingGraceEntitles`.
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "policy")
        self.init()
        let unverified: [(String, UnverifiedTransactionPolicy)] = UnverifiedTransactionPolicy.allCases.map { ($0.rawValue, $0) }
        if let u = try r.optionalEnum("unverifiedTransactions", unverified) { unverifiedTransactions = u }
        let refunded: [(String, RefundedConsumablePolicy)] = RefundedConsumablePolicy.allCases.map { ($0.rawValue, $0) }
        if let c = try r.optionalEnum("refundedConsumables", refunded) { refundedConsumables = c }
        if let g = try r.optionalBool("billingGraceEntitles") { billingGraceEntitles = g }
        if let t = try r.optionalBool("trustsServerValidation") { trustsServerValidation = t }
        try r.finish()
    }

    /// The policy as a history's `policy` object.
    public var json: JSONValue {
        .object([
            ("unverifiedTransactions", .string(unverifiedTransactions.rawValue)),
            ("refundedConsumables", .string(refundedConsumables.rawValue)),
            ("billingGraceEntitles", .bool(billingGraceEntitles)),
            ("trustsServerValidation", .bool(trustsServerValidation)),
        ])
    }
}
