import Foundation
import Generators

/// A conformance check could not run as asked (a bad setting or file), or a check failed.
public struct ConformanceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, ready to show.
    public var message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
