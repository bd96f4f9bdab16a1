import PurchaseStateMachine

/// How a built-in or external Play subject's campaign runs, beyond its seed, size and generator:
/// what the app consumes, which checks are off, on how many threads, and for how long.
public struct PlayCampaignOptions: Sendable {
    /// What the app consumes; nil for `PlayPolicy.example` (the example catalog's).
    public var policy: PlayPolicy?
    /// Checks switched off; `subject-responds` always runs.
    public var skipping: [PlayCheck]
    /// Threads to run histories on; nil for the subject's own (every core for a Swift subject, one
    /// for a program in another process, which never runs on more).
    public var threads: Int?
    /// Stop generating after this long (the histories run so far are reported); nil for no limit.
    public var timeLimit: Duration?
    /// Whether to count what the histories exercised (`PlayCampaignResult.coverage`).
    public var collectsCoverage = false
    /// The slice of the histories to run (a CI matrix of all shards runs exactly the unsharded ones); all when nil.
    public var shard: Shard?
    /// Whether to keep one observation per history (`PlayCampaignResult.observations`).
    public var recordsObservations = false
    /// Called with the campaign's progress, for a live status line.
    public var progressHandler: (@Sendable (CampaignProgress) -> Void)?

    /// Options that change nothing: the example policy, every check, the subject's threads, no limit.
    public init(policy: PlayPolicy? = nil, skipping: [PlayCheck] = [], threads: Int? = nil, timeLimit: Duration? = nil) {
        self.policy = policy
        self.skipping = skipping
        self.threads = threads
        self.timeLimit = timeLimit
    }
}

extension PlayCampaign {
    /// Takes `options` (all but the policy, which a campaign is created with): the checks off,
    /// the threads when they are set, the time limit, the shard, what to count and what to keep.
    public mutating func apply(_ options: PlayCampaignOptions) {
        if let threads = options.threads { self.threads = threads }
        skippedChecks = options.skipping
        timeLimit = options.timeLimit
        collectsCoverage = options.collectsCoverage
        shard = options.shard
        recordsObservations = options.recordsObservations
        progressHandler = options.progressHandler
    }
}
