import PurchaseStateMachine

/// What one test case (one history) of a campaign came to, kept when observations are asked
/// for (`CampaignConfiguration.recordsObservations`); `ObservationLog` writes them out.
public struct CaseObservation: Hashable, Sendable {
    /// How the case ended, in the observability format's words.
    public enum Status: String, Hashable, Sendable {
        case passed
        case failed
        case gaveUp = "gave_up"
    }

    /// How the case ended.
    public var status: Status
    /// Why it failed or was abandoned; empty when it passed.
    public var statusReason: String
    /// The events that ran, in their compact spelling (either store's), the failing one last.
    public var events: [String]
    /// The history's number in the campaign (it draws from `seed.derived(number)`), when generated.
    public var historyNumber: Int?
    /// How the case came about: generated, replayed from a file, or the shrunk minimal history.
    public var howGenerated: String
    /// What the case reached: `CoverageCounts.labels` with a non-zero count, in their order.
    public var features: [Feature]
    /// The checks that failed, the one the failure is named after first.
    public var failingChecks: [String]
    /// The 0-based event after which the checks failed, when they did.
    public var failedAtEvent: Int?
    /// Seconds spent running the case (generation and the subject together).
    public var seconds: Double

    /// One feature: a label and how many times (events or histories) it held.
    public struct Feature: Hashable, Sendable {
        /// The label, such as `event:refund` or `state:inGracePeriod`.
        public var label: String
        /// How many events (or, for variations, histories) it held in.
        public var count: Int
    }

    /// Marks the case failed by `failure`, of either store: its checks, its event and why, in one line.
    mutating func recordFailure(_ failure: Failure) {
        status = .failed
        failingChecks = failure.checks.map(\.rawValue)
        failedAtEvent = failure.eventIndex
        statusReason = ObservationLog.reason(failure)
    }

    /// Marks the case abandoned with the reason when `outcome` says generation stopped (or drew
    /// an impossible event); a passed or failed case is left as it is.
    mutating func recordGivingUp<F, R>(_ outcome: RunOutcome<F, R>) {
        switch outcome {
        case .stopped(let stop):
            status = .gaveUp
            statusReason = "generation stopped: \(stop)"
        case .rejected(_, let rejection):
            status = .gaveUp
            statusReason = "generation stopped: generated an impossible event: \(rejection)"
        case .passed, .failed: break
        }
    }

    /// The features of `counts`, without the zero ones.
    static func features(_ counts: CoverageCounts) -> [Feature] {
        counts.labels.filter { $0.count > 0 }.map { Feature(label: $0.label, count: $0.count) }
    }

    /// The features of a concrete history, counted by replaying it on the model alone.
    static func features(of events: [Event], history: History) -> [Feature] {
        var counts = CoverageCounts()
        counts.recordStore(history.store)
        var model = history.makeModel()
        var effects = StepEffects()
        for event in events {
            effects.reset()
            guard (try? model.apply(event, into: &effects)) != nil else { break }
            counts.record(event: event, model: model)
        }
        return features(counts)
    }
}
