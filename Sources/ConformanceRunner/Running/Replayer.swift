import PurchaseStateMachine

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
            return ReplayResult(history: history, outcome: .failed(error))
        }
        for event in history.events {
            let outcome = execution.step(event)
            guard case .passed = outcome else {
                if case .failed = outcome { execution.finish() }
                return ReplayResult(history: history, outcome: outcome, trace: execution.trace ?? [])
            }
        }
        execution.finish()
        return ReplayResult(history: history, outcome: .passed, trace: execution.trace ?? [])
    }
}
