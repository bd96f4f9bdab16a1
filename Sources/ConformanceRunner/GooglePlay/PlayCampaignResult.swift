import Generators

/// How a Play campaign ended.
public struct PlayCampaignResult: Sendable {
    /// The campaign seed.
    public var seed: Seed
    /// Histories run.
    public var historiesRun: Int
    /// Events applied.
    public var eventsRun: Int
    /// The shrunk failure, if a check failed.
    public var failure: PlayFailureReport?
    /// Why the campaign stopped: every history ran, a failure, or the time limit.
    public var stopReason: CampaignStopReason
    /// What the histories exercised, when the campaign counted it (`--stats`).
    public var coverage: PlayCoverage?
    /// One observation per history run, in order, when the campaign kept them (`--observations`).
    public var observations: [CaseObservation] = []

    /// Creates a result; the stop reason, when not given, is the failure's or completion.
    public init(
        seed: Seed, historiesRun: Int, eventsRun: Int, failure: PlayFailureReport?, stopReason: CampaignStopReason? = nil,
        coverage: PlayCoverage? = nil
    ) {
        self.seed = seed
        self.historiesRun = historiesRun
        self.eventsRun = eventsRun
        self.failure = failure
        self.stopReason = stopReason ?? (failure == nil ? .completed : .failureFound)
        self.coverage = coverage
    }
}
