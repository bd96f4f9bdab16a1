extension Event {
    /// Reads one event object of a `purchase-history/1` file (`{"event": KIND, …}`); `index`
    /// is the event's position, for messages. Unknown fields are refused.
    public init(json: JSONValue, index: Int) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "events[\(index)]", eventIndex: index)
        let kinds: [(String, EventKind)] = EventKind.allCases.map { ($0.rawValue, $0) }
        guard let kind = try r.optionalEnum("event", kinds) else { throw r.error("event", "is required but missing") }
        switch kind {
        case .purchase:
            var p = Purchase(product: try r.string("product"))
            let outcomes: [(String, PurchaseOutcome)] = PurchaseOutcome.allCases.map { ($0.rawValue, $0) }
            p.outcome = try r.optionalEnum("outcome", outcomes) ?? .success
            let offers: [(String, PurchaseOffer)] = PurchaseOffer.allCases.map { ($0.rawValue, $0) }
            p.offer = try r.optionalEnum("offer", offers)
            p.appAccountToken = try r.optionalString("appAccountToken")
            if let token = p.appAccountToken, !isUUID(token) { throw r.error("appAccountToken", "\"\(token)\" is not a UUID") }
            p.quantity = try r.optionalInt("quantity") ?? 1
            p.otherDevice = try r.optionalBool("otherDevice") ?? false
            self = .purchase(p)
        case .askToBuy:
            self = .askToBuy(request: try r.int("request"), approve: try r.bool("approve"))
        case .advanceTime:
            guard let d = try r.optionalDuration("by") else { throw r.error("by", "is required but missing") }
            guard !d.isZero else { throw r.error("by", "the duration must be positive") }
            self = .advanceTime(by: d)
        case .setAutoRenew:
            self = .setAutoRenew(group: try r.string("group"), enabled: try r.bool("enabled"))
        case .setBilling:
            self = .setBilling(ok: try r.bool("ok"))
        case .refund:
            let id = try Self.transactionID(&r)
            let reasons: [(String, RevocationReason)] = RevocationReason.allCases.map { ($0.rawValue, $0) }
            self = .refund(transaction: id, reason: try r.optionalEnum("reason", reasons) ?? .other)
        case .refundDeclined:
            self = .refundDeclined(transaction: try Self.transactionID(&r))
        case .refundReversed:
            self = .refundReversed(transaction: try Self.transactionID(&r))
        case .familyShare:
            self = .familyShare(product: try r.string("product"))
        case .familyUnshare:
            self = .familyUnshare(product: try r.string("product"))
        case .relaunch:
            self = .relaunch
        case .restore:
            self = .restore
        case .setDeviceClock:
            guard let d = try r.optionalDuration("offset", allowNegative: true) else {
                throw r.error("offset", "is required but missing")
            }
            self = .setDeviceClock(offset: d)
        case .appAction:
            let name = try r.string("name")
            _ = r.optional("value")
            // `value` is any JSON, null included: read the member itself (the reader treats null as absent).
            self = .appAction(name: name, value: json["value"])
        }
        try r.finish()
    }

    private static func transactionID(_ r: inout JSONObjectReader) throws(FormatError) -> UInt64 {
        let id = try r.int("transaction")
        guard id >= 1 else { throw r.error("transaction", "transaction ids start at 1") }
        return UInt64(id)
    }

    /// The event as a `purchase-history/1` event object (defaults omitted).
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("event", .string(kind.rawValue))]
        switch self {
        case .purchase(let p):
            m.append(("product", .string(p.product)))
            if p.outcome != .success { m.append(("outcome", .string(p.outcome.rawValue))) }
            if let offer = p.offer { m.append(("offer", .string(offer.rawValue))) }
            if let token = p.appAccountToken { m.append(("appAccountToken", .string(token))) }
            if p.quantity != 1 { m.append(("quantity", .int(Int64(p.quantity)))) }
            if p.otherDevice { m.append(("otherDevice", .bool(true))) }
        case .askToBuy(let request, let approve):
            m.append(("request", .int(Int64(request))))
            m.append(("approve", .bool(approve)))
        case .advanceTime(let d): m.append(("by", .string(d.iso8601)))
        case .setAutoRenew(let group, let enabled):
            m.append(("group", .string(group)))
            m.append(("enabled", .bool(enabled)))
        case .setBilling(let ok): m.append(("ok", .bool(ok)))
        case .refund(let id, let reason):
            m.append(("transaction", .int(Int64(clamping: id))))
            if reason != .other { m.append(("reason", .string(reason.rawValue))) }
        case .refundDeclined(let id), .refundReversed(let id): m.append(("transaction", .int(Int64(clamping: id))))
        case .familyShare(let p), .familyUnshare(let p): m.append(("product", .string(p)))
        case .relaunch, .restore: break
        case .setDeviceClock(let offset): m.append(("offset", .string(offset.iso8601)))
        case .appAction(let name, let value):
            m.append(("name", .string(name)))
            if let value { m.append(("value", value)) }
        }
        return .object(m)
    }
}
