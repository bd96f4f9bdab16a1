import PurchaseStateMachine

// Every failure report is built here: a saved file replayed as it is, a minimized failure
// confirmed by a final replay, a failure that did not repeat, a history shrunk event by event.

extension StoreFailureReport {
    /// A failure replayed, unshrunk, from the saved file at `path`.
    public static func replayed(_ failure: Failure, history: St.History, trace: [St.TraceStep], path: String) -> Self {
        var shown = history
        shown.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
        return Self(
            failure: failure, history: shown, originalLength: history.events.count, origin: .savedFile(path),
            verdict: .failed, shrinkEvaluations: 0, shrinkStop: .replayed, trace: trace, savedPath: path)
    }

    /// A shrunk failure, confirmed by `replay` of its minimal history: the replay's failure is
    /// reported; if the replay passed or failed differently, the verdict is flaky.
    static func confirmed(
        _ failure: Failure, history: St.History, replay: StoreReplayResult<St>, origin: FailureOrigin, originalLength: Int,
        evaluations: Int, stop: ShrinkStop, choices: [UInt64], replayToken: String? = nil
    ) -> Self {
        var reported = failure
        var verdict = FailureVerdict.flaky
        var trace: [St.TraceStep] = []
        switch replay.outcome {
        case .failed(let again):
            trace = replay.trace
            if again.check == failure.check && again.eventIndex == failure.eventIndex { verdict = .failed }
            reported = again
        case .passed:
            trace = replay.trace
        case .rejected, .stopped:
            break
        }
        var report = Self(
            failure: reported, history: history, originalLength: originalLength, origin: origin, verdict: verdict,
            shrinkEvaluations: evaluations, shrinkStop: stop, trace: trace, replayToken: replayToken)
        report.minimalChoices = choices
        report.samples = replay.samples
        return report
    }

    /// A generated history that failed once and passed when run again with the same choices.
    static func notRepeated(history number: Int, firstRun: Failure?, empty: St.History) -> Self {
        var failure = Failure.fault(
            "history \(number + 1) failed once and passed when run again with the same choices", at: -1, while: "a second run")
        if let firstRun { failure.discrepancies += firstRun.discrepancies }
        return Self(
            failure: failure, history: empty, originalLength: 0,
            origin: .generated(afterHistories: number + 1), verdict: .flaky, shrinkEvaluations: 0, shrinkStop: .notRepeated,
            trace: [])
    }

}

extension StoreFailureReport {
    /// A given history shrunk event by event to `minimal`; `failure` is nil when the minimal
    /// history no longer failed on its last run.
    public static func shrunkByEvents(
        _ failure: Failure?, original: Failure, minimal: St.History, originalLength: Int, evaluations: Int, trace: [St.TraceStep]
    ) -> Self {
        Self(
            failure: failure ?? original, history: minimal, originalLength: originalLength, origin: .givenHistory,
            verdict: failure == nil ? .flaky : .failed, shrinkEvaluations: evaluations, shrinkStop: .noEventDeletable,
            trace: trace)
    }
}
