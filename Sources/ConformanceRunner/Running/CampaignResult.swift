import Generators
import PurchaseStateMachine

/// What a campaign found.
public struct CampaignResult: Sendable {
    /// The seed the histories derived from.
    public var seed: Seed
    /// Histories generated (up to and including the one that found the last reported failure).
    public var historiesRun: Int
    /// Events those histories applied.
    public var eventsRun: Int
    /// Saved histories replayed before generating.
    public var savedReplayed: Int
    /// The saved files replayed this run on which every check held (candidates for pruning).
    public var savedPassed: [String] = []
    /// What pruning the failures folder deleted, one sentence per file (`run(store:)` only).
    public var pruned: [String] = []
    /// One report per distinct failing check, in the order found.
    public var failures: [FailureReport]
    /// Why the campaign stopped.
    public var stopReason: CampaignStopReason
    /// What the histories exercised, when statistics were requested.
    public var coverage: CoverageCounts?
    /// Coverage requirements that were not met, with the share reached.
    public var coverageShortfalls: [(requirement: CoverageRequirement, reached: Double)]
    /// Event kinds and renewal states reached in too few histories (only with statistics).
    public var healthWarnings: [HealthWarning] = []
    /// Wall-clock time of the whole campaign.
    public var elapsed: Duration
    /// Wall-clock time spent shrinking.
    public var shrinkTime: Duration
    /// One observation per generated history, in history order (only when asked for).
    public var observations: [CaseObservation] = []

    /// A result with the given counts and failures (the other fields empty).
    package init(
        seed: Seed, historiesRun: Int, eventsRun: Int, savedReplayed: Int, failures: [FailureReport],
        stopReason: CampaignStopReason, coverage: CoverageCounts?,
        coverageShortfalls: [(requirement: CoverageRequirement, reached: Double)], elapsed: Duration, shrinkTime: Duration
    ) {
        self.seed = seed
        self.historiesRun = historiesRun
        self.eventsRun = eventsRun
        self.savedReplayed = savedReplayed
        self.failures = failures
        self.stopReason = stopReason
        self.coverage = coverage
        self.coverageShortfalls = coverageShortfalls
        self.elapsed = elapsed
        self.shrinkTime = shrinkTime
    }

    /// Whether every check held and every coverage requirement was met.
    public var passed: Bool { failures.isEmpty && coverageShortfalls.isEmpty }
}
