import Generators
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

    /// A replay of `history` that came to `outcome`, with its trace and samples.
    init(_ history: PlayHistory, _ outcome: PlayReplayOutcome, trace: [String], samples: [PlayStepSample] = []) {
        self.init(history: history, outcome: outcome, trace: trace)
        self.samples = samples
    }
}

/// A Google Play replay's outcome: a refused event is a `FormatError` naming the event.
public typealias PlayReplayOutcome = RunOutcome<Failure, FormatError>


extension PlayCases {
    /// A driver for replaying histories against subjects built by `factory` (its seed and name
    /// are for generated histories, which a replay does not make), with the checks in `skipping` off.
    public init(skipping: [PlayCheck] = [], factory: @escaping PlaySubjectFactory<S>) {
        self.init(skipping: skipping, seed: Seed(0), subjectName: "subject", factory: factory)
    }

    /// Runs `history`: its first failure, or the event the model refused, and the trace.
    ///
    /// Which events are possible depends on the subject's replies (a consumed product can be
    /// bought again, making a new token), so a file that read well can still hold an event this
    /// subject's replies make impossible: that is a `rejection` naming it, never a check failure.
    public func replay(_ history: PlayHistory) -> PlayReplayResult {
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

}
