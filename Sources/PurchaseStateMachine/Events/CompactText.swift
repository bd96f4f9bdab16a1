/// The grammar of the compact event spelling: `kind(arg, key: value, …)`.
enum CompactText {
    /// A bare word when it needs no quoting, otherwise a JSON string literal.
    static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-")
                && $0.isASCII
        } && text.first != "-" && text.first != "#"
        if plain { return text }
        var out = ""
        JSONValue.writeString(text, to: &out)
        return out
    }

    /// Splits at top-level commas, respecting quotes and brackets.
    static func splitArguments(_ text: String, fail: (String) -> FormatError) throws(FormatError) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for ch in text {
            if inString {
                current.append(ch)
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            switch ch {
            case "\"": inString = true; current.append(ch)
            case "[", "{", "(": depth += 1; current.append(ch)
            case "]", "}", ")": depth -= 1; current.append(ch)
            case "," where depth == 0: parts.append(current.trimmingSpaces); current = ""
            default: current.append(ch)
            }
        }
        guard !inString, depth == 0 else { throw fail("unbalanced quotes or brackets") }
        let last = current.trimmingSpaces
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        if parts.contains(where: \.isEmpty) { throw fail("an argument is empty") }
        return parts
    }

    static func unquote(_ text: String, fail: (String) -> FormatError) throws(FormatError) -> String {
        guard text.hasPrefix("\"") else { return text }
        guard case .string(let s) = try? JSONValue.parse(text) else { throw fail("bad quoted text \(text)") }
        return s
    }

    static func transactionID(_ text: String, fail: (String) -> FormatError) throws(FormatError) -> UInt64 {
        // At most Int64.max, as in the JSON form, so that every parsed event renders back.
        guard text.hasPrefix("#"), let id = Int64(text.dropFirst()), id >= 1 else {
            throw fail("expected a transaction id such as #1, found \(text)")
        }
        return UInt64(id)
    }

    static func parse(kind: EventKind, args: [String], fail: (String) -> FormatError) throws(FormatError) -> Event {
        func count(_ range: ClosedRange<Int>) throws(FormatError) {
            guard range.contains(args.count) else {
                throw fail("\(kind.rawValue) takes \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)") argument(s)")
            }
        }
        switch kind {
        case .purchase:
            try count(1...6)
            return .purchase(try parsePurchase(args, fail: fail))
        case .askToBuy:
            try count(2...2)
            guard let request = Int(args[0]), ["approve", "decline"].contains(args[1]) else {
                throw fail("expected askToBuy(N, approve|decline)")
            }
            return .askToBuy(request: request, approve: args[1] == "approve")
        case .advanceTime:
            try count(1...1)
            guard let d = ISODuration(iso8601: args[0]) else { throw fail("\(args[0]) is not a duration such as P30D") }
            if let problem = d.rangeProblem { throw fail(problem) }
            return .advanceTime(by: d)
        case .setAutoRenew:
            try count(2...2)
            guard ["on", "off"].contains(args[1]) else { throw fail("expected setAutoRenew(GROUP, on|off)") }
            return .setAutoRenew(group: try unquote(args[0], fail: fail), enabled: args[1] == "on")
        case .setBilling:
            try count(1...1)
            guard ["ok", "fail"].contains(args[0]) else { throw fail("expected setBilling(ok|fail)") }
            return .setBilling(ok: args[0] == "ok")
        case .refund:
            try count(1...2)
            var reason = RevocationReason.other
            if args.count == 2 {
                guard let r = RevocationReason(rawValue: args[1]) else { throw fail("the reason is other or developerIssue") }
                reason = r
            }
            return .refund(transaction: try transactionID(args[0], fail: fail), reason: reason)
        case .refundDeclined:
            try count(1...1)
            return .refundDeclined(transaction: try transactionID(args[0], fail: fail))
        case .refundReversed:
            try count(1...1)
            return .refundReversed(transaction: try transactionID(args[0], fail: fail))
        case .familyShare:
            try count(1...1)
            return .familyShare(product: try unquote(args[0], fail: fail))
        case .familyUnshare:
            try count(1...1)
            return .familyUnshare(product: try unquote(args[0], fail: fail))
        case .relaunch:
            try count(0...0)
            return .relaunch
        case .restore:
            try count(0...0)
            return .restore
        case .setDeviceClock:
            try count(1...1)
            guard let d = ISODuration(iso8601: args[0], allowNegative: true) else {
                throw fail("\(args[0]) is not a duration such as -P1D")
            }
            if let problem = d.rangeProblem { throw fail(problem) }
            return .setDeviceClock(offset: d)
        case .appAction:
            try count(1...2)
            var value: JSONValue?
            if args.count == 2 {
                do { value = try JSONValue.parse(args[1]) } catch { throw fail("the value is not JSON: \(error)") }
            }
            return .appAction(name: try unquote(args[0], fail: fail), value: value)
        }
    }

    static func parsePurchase(_ args: [String], fail: (String) -> FormatError) throws(FormatError) -> Purchase {
        var purchase = Purchase(product: try unquote(args[0], fail: fail))
        for arg in args.dropFirst() {
            guard let colon = arg.firstIndex(of: ":") else { throw fail("expected key: value, found \(arg)") }
            let key = String(arg[..<colon]).trimmingSpaces
            let value = String(arg[arg.index(after: colon)...]).trimmingSpaces
            switch key {
            case "outcome":
                guard let o = PurchaseOutcome(rawValue: value) else { throw fail("unknown outcome \(value)") }
                purchase.outcome = o
            case "offer":
                guard let o = PurchaseOffer(rawValue: value) else { throw fail("unknown offer \(value)") }
                purchase.offer = o
            case "token": purchase.appAccountToken = value
            case "quantity":
                guard let q = Int(value) else { throw fail("the quantity must be a number") }
                purchase.quantity = q
            case "otherDevice":
                guard value == "true" || value == "false" else { throw fail("otherDevice is true or false") }
                purchase.otherDevice = value == "true"
            default: throw fail("unknown purchase option \(key) (outcome, offer, token, quantity, otherDevice)")
            }
        }
        return purchase
    }
}
