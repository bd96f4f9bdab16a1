import PurchaseStateMachine

/// What replaying a saved history came to.
public enum ReplayOutcome: Sendable {
    /// Every check held after every event.
    case passed([TraceStep])
    /// A check failed.
    case failed(Failure, [TraceStep])
    /// The model rejected an event: the history is not possible (bad input, not a failure).
    case rejected(eventIndex: Int, Rejection)
}

/// The outcome of a replay, with the history that was replayed.
public struct ReplayResult: Sendable {
    /// The history replayed.
    public var history: History
    /// What happened: passed, failed or an impossible event.
    public var outcome: ReplayOutcome

    /// Whether the outcome is what the history's `expect` says (true when it says nothing).
    public var meetsExpectation: Bool {
        switch (history.expect, outcome) {
        case (nil, _): return true
        case (.passes?, .passed): return true
        case (.fails(let check, let at)?, .failed(let failure, _)):
            return failure.check.rawValue == check && failure.eventIndex == at
        default: return false
        }
    }
}

/// Replays concrete histories (files, corpus cases, shrunk failures) against a subject.
public struct Replayer<S: PurchaseSubject>: Sendable {
    /// Replaces each history's catalog, when set.
    public var catalogOverride: Catalog?
    /// Replaces each history's policy, when set.
    public var policy: AppPolicy?
    /// Which checks run.
    public var checks: CheckSelection
    /// Builds the subject.
    public var factory: SubjectFactory<S>

    /// Creates a replayer.
    public init(catalogOverride: Catalog? = nil, policy: AppPolicy? = nil, checks: CheckSelection = CheckSelection(), factory: @escaping SubjectFactory<S>) {
        self.catalogOverride = catalogOverride
        self.policy = policy
        self.checks = checks
        self.factory = factory
    }

    /// Replays `history` event by event, stopping at the first failure.
    public func replay(_ history: History, trace: Bool = false) -> ReplayResult {
        var execution: HistoryExecution<S>
        do {
            execution = try HistoryExecution(
                catalog: catalogOverride ?? history.catalog, settings: history.store, start: history.start,
                policy: policy ?? history.policy, checks: checks, factory: factory, recordTrace: trace,
                decisions: .replaying(history.schedule))
        } catch {
            return ReplayResult(history: history, outcome: .failed(error, []))
        }
        for (i, event) in history.events.enumerated() {
            switch execution.step(event) {
            case .passed:
                continue
            case .failed(let failure):
                execution.finish()
                return ReplayResult(history: history, outcome: .failed(failure, execution.trace ?? []))
            case .rejected(let rejection):
                return ReplayResult(history: history, outcome: .rejected(eventIndex: i, rejection))
            }
        }
        execution.finish()
        return ReplayResult(history: history, outcome: .passed(execution.trace ?? []))
    }
}
