import PurchaseStateMachine

/// A subject's reply line, read strictly against what its message allows (`purchase-subject/1`).
package struct ExternalReply {
    /// The reply each message expects.
    package enum Shape {
        /// `{"type":"ok"}` (terminate, end, notification, tick).
        case ok
        /// `{"type":"ok"}` with optional `wants` (start).
        case started
        /// `{"type":"ok","finish":[ids]}` (launch, purchaseResult, update, restore).
        case finished
        /// `{"type":"ok","finish":[ids],"result":ANY}` (appAction; `result` may be left out).
        case action
        /// `{"type":"state","entitled":[…],"balances":{…},"grants":{…},"extra":ANY}` (query;
        /// `balances`, `grants` and `extra` may be left out).
        case state

        var type: String { self == .state ? "state" : "ok" }

        var fields: Set<String> {
            switch self {
            case .ok: return ["type"]
            case .started: return ["type", "wants"]
            case .finished: return ["type", "finish"]
            case .action: return ["type", "finish", "result"]
            case .state: return ["type", "entitled", "balances", "grants", "extra"]
            }
        }

        var example: String {
            switch self {
            case .ok: return #"{"type":"ok"}"#
            case .started: return #"{"type":"ok"} (optionally with "wants")"#
            case .finished: return #"{"type":"ok","finish":[…]}"#
            case .action: return #"{"type":"ok","finish":[…],"result":…}"#
            case .state: return #"{"type":"state","entitled":[…],"balances":{…}}"#
            }
        }
    }

    var finished: [UInt64] = []
    var result: JSONValue?
    var wants: ServerChannels = []
    var state = ObservedState(entitled: [])

    /// Reads `text`, the reply to the message of type `message`; any deviation is a `SubjectError`
    /// naming the message, the problem and the start of the reply.
    package static func parse(_ text: String, to message: String, shape: Shape) throws(SubjectError) -> ExternalReply {
        func bad(_ problem: String) -> SubjectError {
            SubjectError("bad reply to `\(message)`: \(problem); expected \(shape.example), got \(SubjectProcessError.quote(Array(text.utf8)))")
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw bad("not JSON (\(error))")
        }
        guard case .object(let members) = json else { throw bad("expected a JSON object, got \(json.typeDescription)") }
        guard case .string(let type)? = json["type"] else { throw bad(#"no "type" string"#) }
        if type == "error" {
            guard case .string(let reported)? = json["message"] else { throw bad(#"an error reply needs a "message" string"#) }
            throw SubjectError("the subject reported an error in reply to `\(message)`: \(reported)")
        }
        guard type == shape.type else { throw bad("a reply of type \"\(type)\" does not answer `\(message)`") }
        for member in members where !shape.fields.contains(member.key) {
            throw bad("unexpected field \"\(member.key)\"")
        }
        var reply = ExternalReply()
        switch shape {
        case .ok:
            break
        case .started:
            if let wants = json["wants"] {
                guard case .array(let names) = wants else { throw bad(#""wants" must be an array of channel names"#) }
                for name in names {
                    switch name {
                    case "notifications": reply.wants.insert(.notifications)
                    case "receipts": reply.wants.insert(.receipts)
                    case "ticks": reply.wants.insert(.ticks)
                    default: throw bad("unknown channel \(name.rendered()) in \"wants\" (notifications, receipts, ticks)")
                    }
                }
            }
        case .finished, .action:
            guard let finish = json["finish"] else { throw bad(#"missing "finish" (an empty array when nothing was finished)"#) }
            reply.finished = try ids(finish, "finish", bad)
            if shape == .action, let result = json["result"], result != .null { reply.result = result }
        case .state:
            guard let entitled = json["entitled"] else { throw bad(#"missing "entitled""#) }
            guard case .array(let products) = entitled else { throw bad(#""entitled" must be an array of product ids"#) }
            for product in products {
                guard case .string(let id) = product else { throw bad(#""entitled" must hold only strings"#) }
                reply.state.entitled.append(id)
            }
            if let balances = json["balances"] {
                guard case .object(let entries) = balances else { throw bad(#""balances" must be an object of integers"#) }
                for (product, value) in entries {
                    guard case .int(let amount) = value, let count = Int(exactly: amount) else {
                        throw bad("balance of \"\(product)\" must be an integer, got \(value.rendered())")
                    }
                    reply.state.balances[product] = count
                }
            }
            if let grants = json["grants"] {
                guard case .object(let entries) = grants else { throw bad(#""grants" must be an object of id arrays"#) }
                var list: [EntitlementGrant] = []
                for (product, value) in entries {
                    for id in try ids(value, "grants.\(product)", bad) { list.append(EntitlementGrant(product: product, transaction: id)) }
                }
                reply.state.grants = list
            }
            if let extra = json["extra"], extra != .null { reply.state.extra = extra }
        }
        return reply
    }

    private static func ids(_ value: JSONValue, _ field: String, _ bad: (String) -> SubjectError) throws(SubjectError) -> [UInt64] {
        guard case .array(let items) = value else { throw bad("\"\(field)\" must be an array of transaction ids") }
        var out: [UInt64] = []
        for item in items {
            guard case .int(let id) = item, id >= 0 else {
                throw bad("\"\(field)\" must hold transaction ids (non-negative integers), got \(item.rendered())")
            }
            out.append(UInt64(id))
        }
        return out
    }
}
