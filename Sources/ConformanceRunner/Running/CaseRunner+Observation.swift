import Generators
import PurchaseStateMachine

extension CaseRunner {
    /// Runs one case as `runRecording` does and also keeps its observation: the events, what
    /// they reached (per-case coverage counts), how it ended and how long it took.
    func runObserved(_ tc: TestCase, number: Int) -> BatchOutcome {
        var outcome = BatchOutcome()
        var counts = CoverageCounts()
        let clock = ContinuousClock()
        let began = clock.now
        let result = withUnsafeMutablePointer(to: &counts) { run(tc, statistics: $0) }
        let seconds = (clock.now - began).seconds
        var observation = CaseObservation(
            status: .passed, statusReason: "", events: [], historyNumber: number,
            howGenerated: "generated (history \(number))", features: CaseObservation.features(counts),
            failingChecks: [], failedAtEvent: nil, seconds: seconds)
        outcome.record(result, of: tc)
        let events = result.events
        switch result.outcome {
        case .passed:
            observation.events = events.map(\.compact)
        case .failed(let failure):
            observation.events = events.map(\.compact)
            observation.recordFailure(failure)
            if let last = events.last, failure.eventIndex >= 0 {
                // The failing event's own counts (statistics count only events that passed).
                observation.features = CaseObservation.merging(observation.features, "event:\(last.kind.rawValue)")
            }
        case .stopped, .rejected:
            observation.recordGivingUp(result.outcome)
        }
        outcome.coverage = counts
        outcome.observation = observation
        return outcome
    }
}

extension CaseObservation {
    /// `features` with `label` counted once more.
    static func merging(_ features: [Feature], _ label: String) -> [Feature] {
        var out = features
        if let i = out.firstIndex(where: { $0.label == label }) { out[i].count += 1 } else { out.append(Feature(label: label, count: 1)) }
        return out
    }
}
