/// Why a history, catalog or message could not be read: which file, field and event, and what.
///
/// Reading never crashes and never guesses: every problem becomes one of these, with a
/// message that a person can act on without opening the source.
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file being read, when there is one.
    public var file: String?
    /// The path of the offending field, for example `events[2].product`; empty for the document.
    public var field: String
    /// The 0-based index of the event the field belongs to, when it belongs to one.
    public var eventIndex: Int?
    /// What is wrong, in words.
    public var message: String

    /// Creates an error about `field` (and the event at `eventIndex`, if any).
    public init(file: String? = nil, field: String, eventIndex: Int? = nil, message: String) {
        self.file = file
        self.field = field
        self.eventIndex = eventIndex
        self.message = message
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let eventIndex { parts.append("event \(eventIndex)") }
        if !field.isEmpty { parts.append("field \"\(field)\"") }
        return parts.isEmpty ? message : parts.joined(separator: ", ") + ": " + message
    }

    /// The same error attributed to `file`.
    public func inFile(_ file: String) -> FormatError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// Reads the members of one JSON object by name, remembering which were read so that
/// unknown members can be refused by name.
public struct JSONObjectReader {
    /// The object's dotted path, for messages.
    public let path: String
    /// The event index for messages, when the object belongs to an event.
    public let eventIndex: Int?
    let members: [(key: String, value: JSONValue)]
    var used: [String] = []

    /// Starts reading `value`, which must be an object.
    public init(_ value: JSONValue, path: String, eventIndex: Int? = nil) throws(FormatError) {
        self.path = path
        self.eventIndex = eventIndex
        guard case .object(let members) = value else {
            throw FormatError(
                field: path, eventIndex: eventIndex, message: "expected an object, found \(value.typeDescription)")
        }
        self.members = members
    }

    /// The path of member `key`.
    public func fieldPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// An error about member `key`.
    public func error(_ key: String, _ message: String) -> FormatError {
        FormatError(field: fieldPath(key), eventIndex: eventIndex, message: message)
    }

    /// Whether the object has member `key` (null counts as absent).
    public func has(_ key: String) -> Bool {
        guard let value = members.first(where: { $0.key == key })?.value else { return false }
        return value != .null
    }

    /// Member `key`, or nil when absent or null.
    public mutating func optional(_ key: String) -> JSONValue? {
        used.append(key)
        guard let value = members.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    /// Member `key`, which must be present.
    public mutating func required(_ key: String) throws(FormatError) -> JSONValue {
        guard let value = optional(key) else { throw error(key, "is required but missing") }
        return value
    }

    /// Member `key` as a string, when present.
    public mutating func optionalString(_ key: String) throws(FormatError) -> String? {
        guard let value = optional(key) else { return nil }
        guard case .string(let s) = value else { throw error(key, "expected a string, found \(value.typeDescription)") }
        return s
    }

    /// Member `key` as a string, which must be present.
    public mutating func string(_ key: String) throws(FormatError) -> String {
        guard let s = try optionalString(key) else { throw error(key, "is required but missing") }
        return s
    }

    /// Member `key` as an integer, when present.
    public mutating func optionalInt(_ key: String) throws(FormatError) -> Int? {
        guard let value = optional(key) else { return nil }
        switch value {
        case .int(let i): return Int(i)
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: throw error(key, "expected an integer, found \(value.typeDescription)")
        }
    }

    /// Member `key` as an integer, which must be present.
    public mutating func int(_ key: String) throws(FormatError) -> Int {
        guard let i = try optionalInt(key) else { throw error(key, "is required but missing") }
        return i
    }

    /// Member `key` as a boolean, when present.
    public mutating func optionalBool(_ key: String) throws(FormatError) -> Bool? {
        guard let value = optional(key) else { return nil }
        guard case .bool(let b) = value else { throw error(key, "expected true or false, found \(value.typeDescription)") }
        return b
    }

    /// Member `key` as a boolean, which must be present.
    public mutating func bool(_ key: String) throws(FormatError) -> Bool {
        guard let b = try optionalBool(key) else { throw error(key, "is required but missing") }
        return b
    }

    /// Member `key` as an ISO 8601 duration, when present.
    public mutating func optionalDuration(_ key: String, allowNegative: Bool = false) throws(FormatError) -> ISODuration? {
        guard let text = try optionalString(key) else { return nil }
        guard let duration = ISODuration(iso8601: text, allowNegative: allowNegative) else {
            throw error(
                key,
                "\"\(text)\" is not an ISO 8601 duration such as P1M, P1W, P3D or PT6H"
                    + (allowNegative ? " (a leading - is allowed)" : ""))
        }
        if let problem = duration.rangeProblem { throw error(key, problem) }
        return duration
    }

    /// Member `key` as one of a fixed set of strings, when present.
    public mutating func optionalEnum<T>(_ key: String, _ cases: [(String, T)]) throws(FormatError) -> T? {
        guard let text = try optionalString(key) else { return nil }
        guard let match = cases.first(where: { $0.0 == text }) else {
            throw error(key, "\"\(text)\" is not one of \(cases.map { "\"\($0.0)\"" }.joined(separator: ", "))")
        }
        return match.1
    }

    /// Refuses any member that was not read, naming it.
    public func finish() throws(FormatError) {
        for member in members where !used.contains(member.key) {
            throw FormatError(
                field: fieldPath(member.key), eventIndex: eventIndex,
                message: "unknown field (known fields here: \(used.joined(separator: ", ")))")
        }
    }
}
