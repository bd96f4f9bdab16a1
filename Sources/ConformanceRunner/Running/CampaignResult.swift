import Generators
import PurchaseStateMachine

/// What a campaign of either store found.
public struct StoreCampaignResult<St: Store>: Sendable {
    /// The seed the histories derived from.
    public var seed: Seed
    /// Histories generated (up to and including the one that found the last reported failure).
    public var historiesRun: Int
    /// Events those histories applied.
    public var eventsRun: Int
    /// Histories the campaign meant to run (its share of the numbering when sharded).
    public var historiesPlanned = 0
    /// Saved histories replayed before generating.
    public var savedReplayed = 0
    /// The saved files replayed this run on which every check held (candidates for pruning).
    public var savedPassed: [String] = []
    /// The saved files replayed this run that are impossible for this subject (one of its events is
    /// refused given the subject's replies), each as a sentence naming the file and event.
    public var savedRefused: [String] = []
    /// What pruning the failures folder deleted, one sentence per file (`run(store:)` only).
    public var pruned: [String] = []
    /// One report per distinct failing check, in the order found.
    public var failures: [StoreFailureReport<St>]
    /// Why the campaign stopped.
    public var stopReason: CampaignStopReason
    /// What the histories exercised, when statistics were requested.
    public var coverage: St.Coverage?
    /// Coverage requirements that were not met, with the share reached.
    public var coverageShortfalls: [(requirement: CoverageRequirement, reached: Double)] = []
    /// Event kinds and renewal states reached in too few histories (only with statistics).
    public var healthWarnings: [HealthWarning] = []
    /// Wall-clock time of the whole campaign.
    public var elapsed = Duration.zero
    /// Wall-clock time spent shrinking.
    public var shrinkTime = Duration.zero
    /// One observation per generated history, in history order (only when asked for).
    public var observations: [CaseObservation] = []

    /// A result with the given counts and failures (the other fields empty).
    public init(
        seed: Seed, historiesRun: Int, eventsRun: Int, failures: [StoreFailureReport<St>], stopReason: CampaignStopReason,
        coverage: St.Coverage? = nil
    ) {
        self.seed = seed
        self.historiesRun = historiesRun
        self.eventsRun = eventsRun
        self.failures = failures
        self.stopReason = stopReason
        self.coverage = coverage
    }

    /// Whether every check held and every coverage requirement was met.
    public var passed: Bool { failures.isEmpty && coverageShortfalls.isEmpty }

    /// The first failure found, if any.
    public var failure: StoreFailureReport<St>? { failures.first }
}

/// What an App Store campaign found.
public typealias CampaignResult = StoreCampaignResult<AppleAppStore>

/// What a Google Play campaign found.
public typealias PlayCampaignResult = StoreCampaignResult<GooglePlayStore>
