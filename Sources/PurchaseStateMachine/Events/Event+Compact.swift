extension Event {
    /// The one-line spelling used in reports, the command line and docs, for example
    /// `purchase(premium)`, `advanceTime(P30D)`, `refund(#1)`; `Event(compact:)` parses it back.
    public var compact: String {
        switch self {
        case .purchase(let p):
            var args = [CompactText.word(p.product)]
            if p.outcome != .success { args.append("outcome: \(p.outcome.rawValue)") }
            if let offer = p.offer { args.append("offer: \(offer.rawValue)") }
            if let token = p.appAccountToken { args.append("token: \(token)") }
            if p.quantity != 1 { args.append("quantity: \(p.quantity)") }
            if p.otherDevice { args.append("otherDevice: true") }
            return "purchase(\(args.joined(separator: ", ")))"
        case .askToBuy(let request, let approve):
            return "askToBuy(\(request), \(approve ? "approve" : "decline"))"
        case .advanceTime(let d): return "advanceTime(\(d.iso8601))"
        case .setAutoRenew(let group, let enabled): return "setAutoRenew(\(CompactText.word(group)), \(enabled ? "on" : "off"))"
        case .setBilling(let ok): return "setBilling(\(ok ? "ok" : "fail"))"
        case .refund(let id, let reason):
            return reason == .other ? "refund(#\(id))" : "refund(#\(id), \(reason.rawValue))"
        case .refundDeclined(let id): return "refundDeclined(#\(id))"
        case .refundReversed(let id): return "refundReversed(#\(id))"
        case .familyShare(let p): return "familyShare(\(CompactText.word(p)))"
        case .familyUnshare(let p): return "familyUnshare(\(CompactText.word(p)))"
        case .relaunch: return "relaunch"
        case .restore: return "restore"
        case .setDeviceClock(let offset): return "setDeviceClock(\(offset.iso8601))"
        case .appAction(let name, let value):
            guard let value else { return "appAction(\(CompactText.word(name)))" }
            return "appAction(\(CompactText.word(name)), \(value.rendered()))"
        }
    }

    /// Parses the compact spelling; throws a `FormatError` naming what is wrong.
    public init(compact text: String) throws(FormatError) {
        let trimmed = text.trimmingSpaces
        let fail = { (message: String) in FormatError(field: "", message: "\"\(trimmed)\": \(message)") }
        let name: String
        var args: [String] = []
        if let open = trimmed.firstIndex(of: "(") {
            guard trimmed.hasSuffix(")") else { throw fail("expected a closing parenthesis") }
            name = String(trimmed[..<open])
            let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            args = try CompactText.splitArguments(String(inner), fail: fail)
        } else {
            name = trimmed
        }
        guard let kind = EventKind(rawValue: name) else {
            throw fail("unknown event kind (known: \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = try CompactText.parse(kind: kind, args: args, fail: fail)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return String(s)
    }
}
