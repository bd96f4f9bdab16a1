import PurchaseStateMachine

/// Writes `purchase-subject/1` message lines as UTF-8 bytes: compact JSON with members in the
/// order they were built (deterministic, unsorted), and each delivery rendered once per history.
///
/// Rendering the views dominates the runner's share of an exchange, and the same transaction
/// snapshots recur in every message of a history, so their bytes are cached by value.
final class WireWriter: @unchecked Sendable {
    private var deliveries: [Delivery: [UInt8]] = [:]

    /// The value of one field of a message.
    enum Field {
        case json(JSONValue)
        case delivery(Delivery)
        /// `views` as StoreKit shows it in `context`; `unfinished` replaces the store's list when given.
        case views(SubjectContext, unfinished: [Delivery]?)
    }

    /// The line of message `type` with `fields`, newline included.
    func line(_ type: String, _ fields: [(key: String, value: Field)]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        out.append(contentsOf: #"{"type":"#.utf8)
        Self.write(string: type, to: &out)
        for (key, value) in fields {
            out.append(UInt8(ascii: ","))
            Self.write(string: key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch value {
            case .json(let json): write(json, to: &out)
            case .delivery(let delivery): write(delivery, to: &out)
            case .views(let context, let unfinished): write(views: context, unfinished: unfinished, to: &out)
            }
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// Appends `{"currentEntitlements": […], "unfinished": […], "statuses": {group: […]}}`.
    func write(views context: SubjectContext, unfinished: [Delivery]?, to out: inout [UInt8]) {
        let views = context.views
        out.append(contentsOf: #"{"currentEntitlements":"#.utf8)
        write(views.currentEntitlements, to: &out)
        out.append(contentsOf: #","unfinished":"#.utf8)
        write(unfinished ?? views.unfinished, to: &out)
        out.append(contentsOf: #","statuses":"#.utf8)
        write(.object(views.statuses.map { (key: $0.group, value: .array($0.statuses.map(\.json))) }), to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends the delivery object `{"tx": …, "verified": …}`, from the cache when it was seen before.
    func write(_ delivery: Delivery, to out: inout [UInt8]) {
        if let bytes = deliveries[delivery] {
            out.append(contentsOf: bytes)
            return
        }
        var bytes: [UInt8] = []
        write(delivery.json, to: &bytes)
        if deliveries.count >= 4096 { deliveries.removeAll(keepingCapacity: true) }
        deliveries[delivery] = bytes
        out.append(contentsOf: bytes)
    }

    /// Appends a JSON array of deliveries.
    func write(_ list: [Delivery], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, delivery) in list.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            write(delivery, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends `value` as compact JSON.
    func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d):
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
                out.append(contentsOf: String(Int64(d)).utf8)
            } else {
                out.append(contentsOf: (d.isFinite ? "\(d)" : "null").utf8)
            }
        case .string(let s): Self.write(string: s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.write(string: member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `s` as a JSON string: UTF-8 passes through, quotes, backslashes and control characters are escaped.
    static func write(string s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
