extension JSONValue {
    /// The value as JSON text with keys sorted; `pretty` gives two-space indentation and a
    /// space after colons (the history file style), otherwise a single compact line.
    public func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
                out += String(Int64(d))
            } else {
                out += d.isFinite ? "\(d)" : "null"
            }
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: " ", count: indent + 2) }
                element.write(to: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { out += "\n" + String(repeating: " ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: " ", count: indent + 2) }
                JSONValue.writeString(member.key, to: &out)
                out += pretty ? ": " : ":"
                member.value.write(to: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { out += "\n" + String(repeating: " ", count: indent) }
            out += "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
