import PurchaseStateMachine

// Every Google Play failure report is built here, as the App Store's are in
// `FailureReport+Building.swift`: a saved file replayed as it is, a shrunk failure confirmed by a
// final replay, a failure before the first event, a history shrunk event by event.

extension PlayFailureReport {
    /// A failure replayed, unshrunk, from the saved file at `path`.
    public static func replayed(_ failure: Failure, history: PlayHistory, trace: [String], path: String) -> PlayFailureReport {
        PlayFailureReport(
            failure: failure, history: history, originalLength: history.events.count, origin: .savedFile(path), verdict: .failed,
            shrinkEvaluations: 0, shrinkStop: .replayed, trace: trace, savedPath: path)
    }

    /// A failure confirmed by `replay` of its minimal `history`: the replay's failure is reported;
    /// if the replay passed or failed another check, the verdict is flaky.
    static func confirmed(
        _ failure: Failure, history: PlayHistory, replay: PlayReplayResult, origin: FailureOrigin, originalLength: Int,
        evaluations: Int, stop: ShrinkStop
    ) -> PlayFailureReport {
        let again = replay.failureOrRefusal
        var report = PlayFailureReport(
            failure: again.failure ?? failure, history: history, originalLength: originalLength, origin: origin,
            verdict: again.failure?.check == failure.check ? .failed : .flaky, shrinkEvaluations: evaluations, shrinkStop: stop,
            trace: again.trace)
        report.samples = replay.samples
        return report
    }
}
