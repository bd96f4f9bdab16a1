/// The name of a check, such as `refunded-never-entitled`: what reports, files and flags use.
///
/// The built-in names are declared beside their checks, in `Checking/BuiltIn/`.
public struct CheckID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The check's name.
    public let rawValue: String

    /// Wraps a check name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { rawValue }
    public static func < (lhs: CheckID, rhs: CheckID) -> Bool { lhs.rawValue < rhs.rawValue }
}
