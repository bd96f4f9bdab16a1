import Foundation
import Generators
import PurchaseStateMachine

extension Conformance {
    /// Replays the history file at `path` against subjects built by `factory`, named `name`,
    /// as the report's `Replay:` line does (`ConformanceTesting` adds `replay(MySubject.self, file:)`).
    ///
    /// The history's own catalog, store settings and policy are used. A failure is in the
    /// returned run's `result.failures`, with the full report; a file that cannot be read, or
    /// that is a history of another subject, is an error.
    public static func replay<S: PurchaseSubject>(
        named name: String, file path: String, checks: CheckSelection = CheckSelection(), testFilter: String? = nil,
        factory: @escaping SubjectFactory<S>
    ) throws(ConformanceError) -> ConformanceRun {
        try replay(
            AppleAppStore.self, named: name, file: path, checkCount: checks.allIDs.count, testFilter: testFilter,
            with: Replayer(checks: checks, factory: factory).replay)
    }

    /// Replays `store`'s history file at `path` with `replay` (of the subject named `name`): a
    /// failure is in the run's `result.failures`; a file that cannot be read or run is an error.
    static func replay<St: Store>(
        _ store: St.Type, named name: String, file path: String, checkCount: Int, testFilter: String?,
        with replay: (St.History, Bool) -> StoreReplayResult<St>
    ) throws(ConformanceError) -> StoreConformanceRun<St> {
        let history = try historyToReplay(St.self, path: path, subject: name)
        let replayed = replay(history, true)
        var result = StoreCampaignResult<St>(
            seed: Seed(hex: history.origin?.seed ?? "") ?? Seed(0), historiesRun: 0, eventsRun: 0, failures: [], stopReason: .completed)
        result.savedReplayed = 1
        result.eventsRun = replayed.trace.count
        var note = "Replayed \(path) against \(name)"
        switch replayed.outcome {
        case .passed:
            note = heldNote(path: path, subject: name, events: history.events.count, expect: history.expect)
        case .failed(let failure):
            result.failures = [StoreFailureReport.replayed(failure, history: history, trace: replayed.trace, path: path)]
        case .rejected(let index, let rejection):
            throw ConformanceError(St.refusal(rejection, event: index, in: history, path: path) + " (against \(name))")
        case .stopped(let stop):  // a replay generates nothing, so it never stops early
            throw ConformanceError("\(path): the replay stopped: \(stop)")
        }
        var run = StoreConformanceRun(subject: name, result: result, checkCount: checkCount)
        run.reproduce = .swiftTest(filter: testFilter)
        run.notes = [note]
        return run
    }
}

extension Conformance {
    /// Reads `store`'s history at `path` to replay against the subject named `name`, for either
    /// store: a file that cannot be read, or a history of another subject, is an error.
    static func historyToReplay<St: Store>(_ store: St.Type, path: String, subject name: String) throws(ConformanceError) -> St.History {
        let history: St.History
        do {
            history = try St.readHistory(path)
        } catch {
            throw ConformanceError("could not replay: \(error)")
        }
        if let other = history.origin?.subject, other != name {
            throw ConformanceError(
                "\(path) is a history of \(other), not of \(name): replay it against \(other), or give the file to the test that checks \(other)")
        }
        return history
    }
}

/// `1 event`, `2 events`.
package func countText(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
