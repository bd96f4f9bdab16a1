import PurchaseStateMachine

extension PlayCaseRun {
    /// The case as an observation (`--observations`): how it ended, its events, what it reached.
    func observation(number: Int) -> CaseObservation {
        var o = CaseObservation(
            status: .passed, statusReason: "", events: events.map(\.compact), historyNumber: number,
            howGenerated: "generated (history \(number))", features: coverage?.features ?? [], failingChecks: [], failedAtEvent: nil,
            seconds: seconds ?? 0)
        switch outcome {
        case .passed: break
        case .failed(let failure):
            o.recordFailure(failure)
        case .stopped, .rejected:
            o.recordGivingUp(outcome)
        }
        return o
    }
}

extension PlayCoverage {
    /// The rows with a non-zero count, as observation features.
    var features: [CaseObservation.Feature] {
        rows.filter { $0.count > 0 }.map { CaseObservation.Feature(label: $0.label, count: $0.count) }
    }
}
