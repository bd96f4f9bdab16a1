import Generators

/// The choices an asynchronous subject's scheduler makes (which ready task runs next),
/// drawn from the test case while generating and read back from the history when replaying.
///
/// Drawn choices are part of the choice sequence, so the shrinker lowers them toward 0 (the
/// first ready task: the plainest order) like any other choice; the decisions made are saved
/// in the history's `schedule` so a minimal failure replays the same interleaving.
package final class ScheduleDecisions: @unchecked Sendable {
    enum Source {
        case testCase(TestCase)
        case recorded([Int])
        case firstReady
    }

    var source: Source
    var cursor = 0
    /// The decisions made so far, in order (only decisions among two or more tasks count).
    package private(set) var made: [Int] = []
    /// Whether a replayed choice sequence ran out while choosing.
    package private(set) var overran = false

    init(_ source: Source) { self.source = source }

    /// Decisions that always pick the first ready task.
    package static func firstReady() -> ScheduleDecisions { ScheduleDecisions(.firstReady) }

    /// Decisions read back from a history's `schedule`.
    package static func replaying(_ schedule: [Int]) -> ScheduleDecisions { ScheduleDecisions(.recorded(schedule)) }

    /// Picks one of `count` ready tasks (0-based); with fewer than two there is nothing to decide.
    package func choose(among count: Int) -> Int {
        guard count > 1 else { return 0 }
        var pick = 0
        switch source {
        case .testCase(let tc):
            do {
                pick = try tc.drawInteger(in: 0...(count - 1))
            } catch {
                overran = true
            }
        case .recorded(let list):
            if cursor < list.count { pick = min(max(0, list[cursor]), count - 1) }
            cursor += 1
        case .firstReady:
            pick = 0
        }
        made.append(pick)
        return pick
    }
}
