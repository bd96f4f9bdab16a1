import Generators
import PurchaseStateMachine

/// What one App Store case of a campaign came to.
typealias BatchOutcome = CaseSummary<AppleAppStore, StoreSettings>

extension CaseRunner {
    /// Runs one case and keeps what a batch needs: its size, and its choices when it failed.
    func runRecording(_ tc: TestCase, collect: Bool, observe: Bool = false, number: Int = 0) -> BatchOutcome {
        if observe { return runObserved(tc, number: number) }
        var outcome = BatchOutcome()
        let result: CaseRun
        if collect {
            // Only when asked: a `CoverageCounts` allocates its tables, and the first one builds
            // the key paths of `StoreVariations.switches` (~0.06 ms in a fresh process).
            var counts = CoverageCounts()
            result = withUnsafeMutablePointer(to: &counts) { run(tc, statistics: $0) }
            outcome.record(result, of: tc)
            outcome.keep(coverage: counts, observation: nil)
        } else {
            result = run(tc)
            outcome.record(result, of: tc)
        }
        return outcome
    }

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
        outcome.keep(coverage: counts, observation: observation)
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

extension CaseSummary where St == AppleAppStore, Settings == StoreSettings {
    /// Keeps what a batch needs of one case's result: its size, and, when it failed, the
    /// failure, its events, settings and schedule, and the choices that made it.
    mutating func record(_ result: CaseRun, of tc: TestCase) {
        switch result.outcome {
        case .passed:
            events = result.events.count
        case .failed(let failure):
            events = result.events.count
            keepFailure(failure, events: result.events, settings: result.settings, schedule: result.schedule, choices: tc.choices, spans: tc.spans)
        case .stopped, .rejected:
            break
        }
    }
}
