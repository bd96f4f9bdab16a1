import PurchaseStateMachine

/// The outcome of a replay, with the history that was replayed and what it did.
public struct ReplayResult: Sendable {
    /// The history replayed.
    public var history: History
    /// What happened: passed, failed, or an impossible event (never `stopped`: nothing is generated).
    public var outcome: StoreRunOutcome
    /// What each event did, when the replay recorded a trace; up to the failing event.
    public var trace: [TraceStep]

    /// Creates a result.
    public init(history: History, outcome: StoreRunOutcome, trace: [TraceStep] = []) {
        self.history = history
        self.outcome = outcome
        self.trace = trace
    }

    /// Whether the outcome is what the history's `expect` says (true when it says nothing).
    public var meetsExpectation: Bool {
        guard let expect = history.expect else { return true }
        switch outcome {
        case .passed: return expect.isMet(byFailure: nil)
        case .failed(let failure): return expect.isMet(byFailure: (failure.check.rawValue, failure.eventIndex))
        case .rejected, .stopped: return false
        }
    }
}
