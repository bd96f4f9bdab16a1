import PurchaseStateMachine

/// What replaying a Google Play history came to; a refused event is a `FormatError` naming it.
public typealias PlayReplayResult = StoreReplayResult<GooglePlayStore>

extension PlayReplayResult {
    /// The event the model refused given the subject's replies, or the one past
    /// `PlayHistory.maximumTokenEvents`: the history is not one this subject can be held to.
    public var rejection: FormatError? {
        if case .rejected(_, let error) = outcome { return error }
        return nil
    }

    /// The failure, with a refused event read as an `entitlements-match` failure at the launch
    /// (for callers that need not tell them apart), and the trace.
    public var failureOrRefusal: (failure: Failure?, trace: [String]) {
        guard let rejection else { return (failure, trace) }
        let f = Failure.play(.entitlementsMatch, at: -1, "History", expected: "a possible event", observed: rejection.message)
        return (f, trace)
    }

    /// A replay of `history` that came to `outcome`, with its trace and samples.
    init(_ history: PlayHistory, _ outcome: PlayReplayOutcome, trace: [String], samples: [PlayStepSample] = []) {
        self.init(history: history, outcome: outcome, trace: trace)
        self.samples = samples
    }
}

/// A Google Play replay's outcome: a refused event is a `FormatError` naming the event.
public typealias PlayReplayOutcome = RunOutcome<Failure, FormatError>

/// Replays a saved Play history against a subject, with a trace.
public struct PlayReplayer<S: PlaySubject>: Sendable {
    /// Builds the subject.
    public let factory: PlaySubjectFactory<S>
    /// Checks switched off (`--skip-checks`).
    public var skipping: [PlayCheck]

    /// Creates a replayer; every check runs unless `skipping` names it.
    public init(factory: @escaping PlaySubjectFactory<S>, skipping: [PlayCheck] = []) {
        self.factory = factory
        self.skipping = skipping
    }

    /// Runs `history`: its first failure, or the event the model refused, and the trace.
    ///
    /// Which events are possible depends on the subject's replies (a consumed product can be
    /// bought again, making a new token), so a file that read well can still hold an event this
    /// subject's replies make impossible: that is a `rejection` naming it, never a check failure.
    public func run(_ history: PlayHistory) -> PlayReplayResult {
        var execution: PlayExecution<S>
        do {
            execution = try PlayExecution(
                catalog: history.catalog, variations: history.variations, start: history.start, policy: history.policy,
                factory: factory, recordTrace: true, skipping: skipping)
        } catch {
            return PlayReplayResult(history, .failed(error), trace: [])
        }
        var work = 0
        for (i, event) in history.events.enumerated() {
            switch execution.step(event) {
            case .passed: break
            case .failed(let failure): return PlayReplayResult(history, .failed(failure), trace: execution.trace, samples: execution.samples)
            case .rejected(_, let rejection):
                let message = "\(event.compact) is not possible after this subject's replies: \(rejection.reason)"
                return PlayReplayResult(history, .rejected(eventIndex: i, FormatError(field: "events[\(i)]", eventIndex: i, message: message)), trace: execution.trace)
            case .stopped(let stop):  // a replay generates nothing, so it never stops early
                return PlayReplayResult(history, .rejected(eventIndex: i, FormatError(field: "events[\(i)]", eventIndex: i, message: "the replay stopped: \(stop)")), trace: execution.trace)
            }
            work += 1 + execution.model.tokens.count
            if let message = PlayHistory.workLimitMessage(event, work: work, tokens: execution.model.tokens.count) {
                return PlayReplayResult(history, .rejected(eventIndex: i, FormatError(field: "events[\(i)]", eventIndex: i, message: message)), trace: execution.trace)
            }
        }
        return PlayReplayResult(history, .passed, trace: execution.trace, samples: execution.samples)
    }

    /// Runs `history`; the result names the first failure, if any, and the trace of what ran. A
    /// refused event reads as an `entitlements-match` failure at the launch here: callers that
    /// must tell them apart (the tool, the shrinker) use `run(_:)`.
    public func replay(_ history: PlayHistory) -> (failure: Failure?, trace: [String]) { run(history).failureOrRefusal }
}
