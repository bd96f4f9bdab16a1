extension PlayEvent {
    /// Reads one event object of a Google Play history (`{"event": KIND, …}`); `index` names it in errors.
    public init(json: JSONValue, index: Int) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "events[\(index)]", eventIndex: index)
        let kinds = PlayEventKind.allCases.map { ($0.rawValue, $0) }
        if case .string(let name)? = r.optional("event"), let counterpart = PlayEventKind.appStoreCounterpart(of: name) {
            throw r.error("event", counterpart)
        }
        guard let kind = try r.optionalEnum("event", kinds) else { throw r.error("event", "is required but missing") }
        func token(_ r: inout JSONObjectReader) throws(FormatError) -> Int {
            let n = try r.int("token")
            guard n >= 1 else { throw r.error("token", "token numbers start at 1") }
            return n
        }
        func cases<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> [(String, T)] where T.RawValue == String {
            T.allCases.map { ($0.rawValue, $0) }
        }
        switch kind {
        case .purchase:
            var request = PlayPurchaseRequest(item: try r.string("item"))
            request.outcome = try r.optionalEnum("outcome", cases(PlayPurchaseOutcome.self)) ?? .ok
            request.quantity = try r.optionalInt("quantity") ?? 1
            request.addOn = try r.optionalString("addOn")
            request.option = try r.optionalString("option")
            request.offer = try r.optionalString("offer")
            self = .purchase(request)
        case .completePending: self = .completePending(token: try token(&r))
        case .cancelPending: self = .cancelPending(token: try token(&r))
        case .changePlan:
            let t = try token(&r)
            let plan = try r.string("to")
            guard let mode = try r.optionalEnum("mode", cases(PlayReplacementMode.self)) else { throw r.error("mode", "is required but missing") }
            self = .changePlan(token: t, to: plan, mode: mode)
        case .cancel: self = .cancel(token: try token(&r))
        case .restore: self = .restore(token: try token(&r))
        case .pause:
            let t = try token(&r)
            guard let d = try r.optionalDuration("length") else { throw r.error("length", "is required but missing") }
            self = .pause(token: t, length: d)
        case .unpause: self = .unpause(token: try token(&r))
        case .setBilling: self = .setBilling(ok: try r.bool("ok"))
        case .void:
            let t = try token(&r)
            guard let cause = try r.optionalEnum("cause", cases(PlayVoidCause.self)) else { throw r.error("cause", "is required but missing") }
            let quantity = try r.optionalInt("quantity")
            if let quantity, quantity < 1 { throw r.error("quantity", "a refund covers at least one unit") }
            self = .void(token: t, cause: cause, quantity: quantity)
        case .advanceTime:
            guard let d = try r.optionalDuration("by") else { throw r.error("by", "is required but missing") }
            guard !d.isZero else { throw r.error("by", "the duration must be positive") }
            self = .advanceTime(by: d)
        case .background: self = .background
        case .resumeApp: self = .resumeApp
        case .relaunch: self = .relaunch
        case .testNotification: self = .testNotification
        case .forgedPurchase: self = .forgedPurchase(item: try r.string("item"))
        case .redeemPromo: self = .redeemPromo(item: try r.string("item"))
        case .devCancel:
            let t = try token(&r)
            let type = try r.optionalEnum("cancellationType", cases(PlayDeveloperCancellationType.self)) ?? .developerRequestedStopPayments
            self = .devCancel(token: t, type: type)
        case .console:
            if let grace = try r.optionalDuration("grace") {
                guard let days = grace.wholeDays, (0...30).contains(days) else { throw r.error("grace", "grace is 0 to 30 whole days (§6.3)") }
                self = .console(.graceDays(days))
            } else {
                self = .console(.pause(enabled: try r.bool("pause")))
            }
        case .billingLab:
            let t = try token(&r)
            guard let state = try r.optionalEnum("to", cases(PlayBillingLabState.self)) else { throw r.error("to", "is required but missing") }
            self = .billingLab(token: t, to: state)
        case .deferBilling:
            let t = try token(&r)
            guard let d = try r.optionalDuration("by") else { throw r.error("by", "is required but missing") }
            self = .deferBilling(token: t, by: d)
        }
        try r.finish()
    }

    /// The event as a history file writes it.
    public var json: JSONValue {
        var m: [(key: String, value: JSONValue)] = [("event", .string(kind.rawValue))]
        switch self {
        case .purchase(let p):
            m.append(("item", .string(p.item)))
            if p.outcome != .ok { m.append(("outcome", .string(p.outcome.rawValue))) }
            if p.quantity != 1 { m.append(("quantity", .int(Int64(p.quantity)))) }
            if let addOn = p.addOn { m.append(("addOn", .string(addOn))) }
            if let option = p.option { m.append(("option", .string(option))) }
            if let offer = p.offer { m.append(("offer", .string(offer))) }
        case .changePlan(let t, let plan, let mode):
            m += [("token", .int(Int64(t))), ("to", .string(plan)), ("mode", .string(mode.rawValue))]
        case .pause(let t, let length): m += [("token", .int(Int64(t))), ("length", .string(length.iso8601))]
        case .void(let t, let cause, let quantity):
            m += [("token", .int(Int64(t))), ("cause", .string(cause.rawValue))]
            if let quantity { m.append(("quantity", .int(Int64(quantity)))) }
        case .completePending(let t), .cancelPending(let t), .cancel(let t), .restore(let t), .unpause(let t):
            m.append(("token", .int(Int64(t))))
        case .devCancel(let t, let type):
            m.append(("token", .int(Int64(t))))
            if type != .developerRequestedStopPayments { m.append(("cancellationType", .string(type.rawValue))) }
        case .setBilling(let ok): m.append(("ok", .bool(ok)))
        case .advanceTime(let d): m.append(("by", .string(d.iso8601)))
        case .deferBilling(let t, let d): m += [("token", .int(Int64(t))), ("by", .string(d.iso8601))]
        case .forgedPurchase(let item), .redeemPromo(let item): m.append(("item", .string(item)))
        case .console(.graceDays(let days)): m.append(("grace", .string(ISODuration.days(days).iso8601)))
        case .console(.pause(let enabled)): m.append(("pause", .bool(enabled)))
        case .billingLab(let t, let state): m += [("token", .int(Int64(t))), ("to", .string(state.rawValue))]
        case .background, .resumeApp, .relaunch, .testNotification: break
        }
        return .object(m)
    }
}
