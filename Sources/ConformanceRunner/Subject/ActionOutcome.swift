import PurchaseStateMachine

/// What an app-level action answered: the transactions finished while handling it, and a result.
public struct ActionOutcome: Hashable, Sendable {
    /// Transactions finished while handling the action.
    public var finished: [UInt64]
    /// The action's own result (for example whether a metered feature was allowed).
    public var result: JSONValue?

    /// Creates an outcome.
    public init(finished: [UInt64] = [], result: JSONValue? = nil) {
        self.finished = finished
        self.result = result
    }
}
