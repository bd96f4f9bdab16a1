import PurchaseStateMachine

/// A check that failed: which, after which event, and what the model and the subject said.
public struct PlayFailure: Hashable, Sendable {
    /// The check.
    public var check: PlayCheck
    /// The 0-based index of the event after which it failed (-1: at the start).
    public var eventIndex: Int
    /// What the model expected, one line.
    public var expected: String
    /// What the subject did or said, one line.
    public var observed: String
    /// What the line is about ("Entitled products", "Acknowledgement of token-1", …).
    public var subject: String
}
