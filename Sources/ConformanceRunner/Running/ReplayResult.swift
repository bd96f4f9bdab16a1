import PurchaseStateMachine

/// The outcome of a replay of either store, with the history that was replayed and what it did.
public struct StoreReplayResult<St: Store>: Sendable {
    /// The history replayed.
    public var history: St.History
    /// What happened: passed, failed, or an impossible event (never `stopped`: nothing is generated).
    public var outcome: RunOutcome<Failure, St.Rejection>
    /// What each event did, when the replay recorded a trace; up to the failing event.
    public var trace: [St.TraceStep]
    /// What each event that ran came to, for a timeline page (stores whose trace does not carry it).
    var samples: [St.StepSample] = []

    /// Creates a result.
    public init(history: St.History, outcome: RunOutcome<Failure, St.Rejection>, trace: [St.TraceStep] = []) {
        self.history = history
        self.outcome = outcome
        self.trace = trace
    }

    /// The first check that failed, nil when every check held or an event was refused.
    public var failure: Failure? { outcome.failure }

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

/// What replaying an App Store history came to.
public typealias ReplayResult = StoreReplayResult<AppleAppStore>
