import Generators
import PurchaseStateMachine

/// Everything a conformance campaign needs besides the subject.
public struct CampaignConfiguration: Sendable {
    /// How many histories to generate (in this shard's share of the numbering when sharded).
    public var histories: Int
    /// The seed every history's own seed derives from.
    public var seed: Seed
    /// How histories are generated.
    public var profile: GenerationProfile
    /// What the app promises where Apple leaves it open.
    public var policy: AppPolicy
    /// Which checks run.
    public var checks: CheckSelection
    /// The store clock at the start of every history.
    public var start: Instant
    /// Which slice of the histories to run, if sharded.
    public var shard: Shard?
    /// How many threads run histories (the report is the same whatever the number).
    public var parallelism: Int
    /// Stop generating after this long (the report then depends on speed).
    public var timeLimit: Duration?
    /// Limits for each shrink; histories enable the shrinker's two-choice pass (events change
    /// meaning when an earlier event changes).
    public var shrinking: Shrinker.Configuration
    /// How many failures of the same check to shrink before reporting the smallest result:
    /// independent starts escape the local minima a single greedy shrink can end in.
    public var shrinkStarts: Int
    /// The most further histories to run while looking for those extra starts.
    public var shrinkSearchHistories: Int
    /// Keep searching after a failure, with its check switched off, to find each distinct bug.
    public var findAllFailures: Bool
    /// The most distinct failures to report.
    public var maxFailures: Int
    /// Saved histories to replay before generating (the failures folder, the corpus).
    public var savedHistories: [SavedHistory]
    /// Whether to count event kinds, model states and variations.
    public var collectStatistics: Bool
    /// Whether to keep one `CaseObservation` per generated history (for `--observations`).
    public var recordsObservations = false
    /// Labels (see `CoverageCounts.labels`) that must be reached in at least the given share of histories.
    public var coverage: [CoverageRequirement]
    /// Every this many histories, one re-draws the tail of a choice prefix that first reached a
    /// model situation in the model-only exploration before the campaign (0 turns guidance off).
    public var guidedEvery: Int = 2
    /// Model-only cases the exploration runs (at most the history budget), split over its rounds.
    public var explorationCases: Int = 2_000
    /// Rounds of exploration: the first from scratch, each later one extending the kept prefixes.
    public var explorationRounds: Int = 4
    /// With statistics, warn about an event kind or renewal state reached in fewer than this
    /// share of histories (0 turns the warnings off).
    public var healthThreshold: Double = 0.01
    /// Called between batches of histories with the progress so far (for a live status line).
    public var progressHandler: (@Sendable (CampaignProgress) -> Void)?

    /// Creates a configuration; by default 1,000 histories, every check, all cores.
    public init(
        histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001), profile: GenerationProfile = GenerationProfile(),
        policy: AppPolicy = AppPolicy(), checks: CheckSelection = CheckSelection(), start: Instant = .defaultStart,
        shard: Shard? = nil, parallelism: Int = CampaignConfiguration.availableCores, timeLimit: Duration? = nil,
        shrinking: Shrinker.Configuration = Shrinker.Configuration(rechooseBudget: 600), shrinkStarts: Int = 2,
        shrinkSearchHistories: Int = 64, findAllFailures: Bool = false,
        maxFailures: Int = 20, savedHistories: [SavedHistory] = [], collectStatistics: Bool = false,
        coverage: [CoverageRequirement] = []
    ) {
        self.histories = histories
        self.seed = seed
        self.profile = profile
        self.policy = policy
        self.checks = checks
        self.start = start
        self.shard = shard
        self.parallelism = parallelism
        self.timeLimit = timeLimit
        self.shrinking = shrinking
        self.shrinkStarts = shrinkStarts
        self.shrinkSearchHistories = shrinkSearchHistories
        self.findAllFailures = findAllFailures
        self.maxFailures = maxFailures
        self.savedHistories = savedHistories
        self.collectStatistics = collectStatistics
        self.coverage = coverage
    }

    /// The number of cores this machine offers.
    public static var availableCores: Int { max(1, ProcessInfoCores.count) }
}
