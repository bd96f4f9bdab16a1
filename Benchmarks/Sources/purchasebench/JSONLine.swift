import Foundation

/// A JSON value written with the peers' layout (`", "` and `": "` separators, keys in the
/// order given), so a line of ours reads like a line of theirs.
indirect enum JSONLine {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONLine])
    case object([(String, JSONLine)])

    var text: String {
        switch self {
        case .string(let value):
            var out = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if scalar.value < 0x20 {
                        out += String(format: "\\u%04x", scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        case .int(let value): return String(value)
        case .double(let value): return value.isFinite ? String(format: "%.6f", value) : "null"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let pairs):
            return "{" + pairs.map { JSONLine.string($0.0).text + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    static func optional(_ value: Int?) -> JSONLine { value.map { .int($0) } ?? .null }
    static func optional(_ value: Double?) -> JSONLine { value.map { .double($0) } ?? .null }
    static func strings(_ values: [String]?) -> JSONLine { values.map { .array($0.map { .string($0) }) } ?? .null }
}

/// Seconds in a duration, as a Double.
func seconds(_ duration: Duration) -> Double {
    let (s, atto) = duration.components
    return Double(s) + Double(atto) / 1e18
}
