import PurchaseStateMachine

/// A failure the subject reports about itself (`{"type":"error"}`), or a fault in talking to it.
public struct SubjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
