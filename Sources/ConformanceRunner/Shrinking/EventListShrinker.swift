import PurchaseStateMachine

/// Shrinks a concrete event list by deleting events (blocks large to small, then single
/// events) while it still fails the same check; for histories the generator cannot express.
///
/// Every candidate is replayed against the subject; one the model rejects (an event that is
/// no longer possible) is simply not interesting.
package struct EventListShrinker {
    let check: CheckID
    let replay: (History) -> ReplayResult
    /// Replays made so far.
    package var evaluations = 0

    /// A shrinker keeping histories that fail `check` when `replay`ed.
    package init(check: CheckID, replay: @escaping (History) -> ReplayResult) {
        self.check = check
        self.replay = replay
    }

    /// The smallest failing history found from `history`.
    package mutating func shrink(_ history: History, budget: Int = 2_000) -> (History, Failure?, [TraceStep]) {
        var best = history
        var bestFailure: Failure?
        var bestTrace: [TraceStep] = []
        let first = replay(history)
        if case .failed(let f) = first.outcome, f.check == check {
            bestFailure = f
            bestTrace = first.trace
            best.events = Array(history.events.prefix(f.eventIndex + 1))
        }
        var block = max(1, best.events.count / 2)
        while block >= 1, evaluations < budget {
            var start = 0
            var progressed = false
            while start + block <= best.events.count, evaluations < budget {
                var candidate = best
                candidate.events.removeSubrange(start..<(start + block))
                candidate.schedule = []
                evaluations += 1
                let result = replay(candidate)
                if case .failed(let f) = result.outcome, f.check == check {
                    candidate.events = Array(candidate.events.prefix(f.eventIndex + 1))
                    best = candidate
                    bestFailure = f
                    bestTrace = result.trace
                    progressed = true
                } else {
                    start += block
                }
            }
            if !progressed { block /= 2 }
        }
        if let f = bestFailure { best.expect = .fails(check: f.check.rawValue, atEvent: f.eventIndex) }
        return (best, bestFailure, bestTrace)
    }
}
