extension PlayEvent {
    /// The one-line spelling used in reports, the command line and docs, for example
    /// `purchase(coins100, quantity: 3)`, `advanceTime(P3D)`, `changePlan(#1, pro-yearly, deferred)`;
    /// `PlayEvent(compact:)` parses it back.
    public var compact: String {
        switch self {
        case .purchase(let p):
            var args = [CompactText.word(p.item)]
            if p.outcome != .ok { args.append("outcome: \(p.outcome.rawValue)") }
            if p.quantity != 1 { args.append("quantity: \(p.quantity)") }
            if let addOn = p.addOn { args.append("addOn: \(CompactText.word(addOn))") }
            if let option = p.option { args.append("option: \(CompactText.word(option))") }
            if let offer = p.offer { args.append("offer: \(CompactText.word(offer))") }
            return "purchase(\(args.joined(separator: ", ")))"
        case .completePending(let t): return "completePending(#\(t))"
        case .cancelPending(let t): return "cancelPending(#\(t))"
        case .changePlan(let t, let plan, let mode): return "changePlan(#\(t), \(CompactText.word(plan)), \(mode.rawValue))"
        case .cancel(let t): return "cancel(#\(t))"
        case .restore(let t): return "restore(#\(t))"
        case .pause(let t, let length): return "pause(#\(t), \(length.iso8601))"
        case .unpause(let t): return "unpause(#\(t))"
        case .setBilling(let ok): return "setBilling(\(ok ? "ok" : "fail"))"
        case .void(let t, let cause, let quantity):
            return "void(#\(t), \(cause.rawValue)\(quantity.map { ", quantity: \($0)" } ?? ""))"
        case .advanceTime(let d): return "advanceTime(\(d.iso8601))"
        case .background: return "background"
        case .resumeApp: return "resumeApp"
        case .relaunch: return "relaunch"
        case .testNotification: return "testNotification"
        case .forgedPurchase(let item): return "forgedPurchase(\(CompactText.word(item)))"
        case .redeemPromo(let item): return "redeemPromo(\(CompactText.word(item)))"
        case .devCancel(let t, let type):
            return "devCancel(#\(t)\(type == .developerRequestedStopPayments ? "" : ", \(type.rawValue)"))"
        case .deferBilling(let t, let d): return "defer(#\(t), \(d.iso8601))"
        case .console(.graceDays(let days)): return "console(grace: \(ISODuration.days(days).iso8601))"
        case .console(.pause(let enabled)): return "console(pause: \(enabled ? "on" : "off"))"
        case .billingLab(let t, let state): return "billingLab(#\(t), \(state.rawValue))"
        }
    }

    /// Parses the compact spelling; throws a `FormatError` naming what is wrong.
    public init(compact text: String) throws(FormatError) {
        let trimmed = text.trimmingSpaces
        let fail = { (message: String) in FormatError(field: "", message: "\"\(trimmed)\": \(message)") }
        var name = trimmed
        var args: [String] = []
        if let open = trimmed.firstIndex(of: "(") {
            guard trimmed.hasSuffix(")") else { throw fail("expected a closing parenthesis") }
            name = String(trimmed[..<open])
            let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            args = try CompactText.splitArguments(String(inner), fail: fail)
        }
        guard let kind = PlayEventKind(rawValue: name) else {
            if let counterpart = PlayEventKind.appStoreCounterpart(of: name) { throw fail(counterpart) }
            throw fail("unknown Google Play event kind (known: \(PlayEventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = try Self.parse(kind: kind, args: args, fail: fail)
    }

    private static func parse(kind: PlayEventKind, args: [String], fail: (String) -> FormatError) throws(FormatError) -> PlayEvent {
        func count(_ n: ClosedRange<Int>) throws(FormatError) {
            guard n.contains(args.count) else { throw fail("\(kind.rawValue) takes \(n.lowerBound == n.upperBound ? "\(n.lowerBound)" : "\(n.lowerBound) to \(n.upperBound)") argument(s)") }
        }
        func token(_ i: Int) throws(FormatError) -> Int {
            guard args[i].hasPrefix("#"), let n = Int(args[i].dropFirst()), n >= 1 else {
                throw fail("expected a token number such as #1, found \(args[i])")
            }
            return n
        }
        func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ type: T.Type) throws(FormatError) -> T where T.RawValue == String {
            guard let value = T(rawValue: text) else {
                // `mode: deferred` where the spelling is positional: say so rather than list the values.
                let parts = text.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
                if parts.count == 2, T(rawValue: parts[1]) != nil {
                    throw fail("write \(parts[1]) without the label \"\(parts[0]):\" (this argument goes by its place)")
                }
                throw fail("\(text) is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return value
        }
        func duration(_ text: String) throws(FormatError) -> ISODuration {
            guard let d = ISODuration(iso8601: text) else { throw fail("\(text) is not a duration such as P3D") }
            return d
        }
        switch kind {
        case .purchase:
            try count(1...6)
            var request = PlayPurchaseRequest(item: try CompactText.unquote(args[0], fail: fail))
            for arg in args.dropFirst() {
                let parts = arg.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
                guard parts.count == 2 else { throw fail("expected key: value, found \(arg)") }
                switch parts[0] {
                case "outcome": request.outcome = try choice(parts[1], PlayPurchaseOutcome.self)
                case "quantity":
                    guard let q = Int(parts[1]) else { throw fail("quantity \(parts[1]) is not a number") }
                    request.quantity = q
                case "addOn": request.addOn = try CompactText.unquote(parts[1], fail: fail)
                case "option": request.option = try CompactText.unquote(parts[1], fail: fail)
                case "offer": request.offer = try CompactText.unquote(parts[1], fail: fail)
                default: throw fail("unknown purchase argument \(parts[0]) (known: outcome, quantity, addOn, option, offer)")
                }
            }
            return .purchase(request)
        case .completePending: try count(1...1); return .completePending(token: try token(0))
        case .cancelPending: try count(1...1); return .cancelPending(token: try token(0))
        case .changePlan:
            try count(3...3)
            return .changePlan(token: try token(0), to: try CompactText.unquote(args[1], fail: fail), mode: try choice(args[2], PlayReplacementMode.self))
        case .cancel: try count(1...1); return .cancel(token: try token(0))
        case .restore: try count(1...1); return .restore(token: try token(0))
        case .pause: try count(2...2); return .pause(token: try token(0), length: try duration(args[1]))
        case .unpause: try count(1...1); return .unpause(token: try token(0))
        case .setBilling:
            try count(1...1)
            guard ["ok", "fail"].contains(args[0]) else { throw fail("expected setBilling(ok|fail)") }
            return .setBilling(ok: args[0] == "ok")
        case .void:
            try count(2...3)
            var quantity: Int?
            if args.count == 3 {
                let parts = args[2].split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
                guard parts.count == 2, parts[0] == "quantity", let q = Int(parts[1]), q >= 1 else {
                    throw fail("expected quantity: K (K ≥ 1), found \(args[2])")
                }
                quantity = q
            }
            return .void(token: try token(0), cause: try choice(args[1], PlayVoidCause.self), quantity: quantity)
        case .advanceTime: try count(1...1); return .advanceTime(by: try duration(args[0]))
        case .background: try count(0...0); return .background
        case .resumeApp: try count(0...0); return .resumeApp
        case .relaunch: try count(0...0); return .relaunch
        case .testNotification: try count(0...0); return .testNotification
        case .forgedPurchase: try count(1...1); return .forgedPurchase(item: try CompactText.unquote(args[0], fail: fail))
        case .redeemPromo: try count(1...1); return .redeemPromo(item: try CompactText.unquote(args[0], fail: fail))
        case .devCancel:
            try count(1...2)
            let type = args.count == 2 ? try choice(args[1], PlayDeveloperCancellationType.self) : .developerRequestedStopPayments
            return .devCancel(token: try token(0), type: type)
        case .deferBilling: try count(2...2); return .deferBilling(token: try token(0), by: try duration(args[1]))
        case .billingLab: try count(2...2); return .billingLab(token: try token(0), to: try choice(args[1], PlayBillingLabState.self))
        case .console:
            try count(1...1)
            let parts = args[0].split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
            switch (parts.first, parts.count == 2 ? parts[1] : nil) {
            case ("grace"?, let text?):
                guard let days = try duration(text).wholeDays, (0...30).contains(days) else { throw fail("grace is 0 to 30 whole days (§6.3), not \(text)") }
                return .console(.graceDays(days))
            case ("pause"?, "on"?): return .console(.pause(enabled: true))
            case ("pause"?, "off"?): return .console(.pause(enabled: false))
            default: throw fail("expected console(grace: P3D) or console(pause: on|off), found \(args[0])")
            }
        }
    }
}
