import Generators
import PurchaseStateMachine

/// One distinct failure, shrunk to its shortest history.
public struct FailureReport: Sendable {
    /// The failure on the minimal history (the check it is named after comes first).
    public var failure: Failure
    /// The minimal history, with `expect` set to this failure; save it to replay it forever.
    public var history: History
    /// How many events the history had when first found.
    public var originalLength: Int
    /// Which history found it (1-based count in this run), or nil when it came from a saved file.
    public var foundAfterHistories: Int?
    /// The saved file the failure was replayed from, when it came from one.
    public var replayedFrom: String?
    /// Test-function calls the shrinker made.
    public var shrinkEvaluations: Int
    /// Why shrinking stopped.
    public var shrinkStop: String
    /// True when the minimal history passes on a final replay: the subject is not deterministic.
    public var flaky: Bool
    /// The final replay, event by event.
    public var trace: [TraceStep]
    /// What the subject wrote on standard error (external subjects), if anything.
    public var subjectOutput: String?
    /// Where the history was saved, when it was.
    public var savedPath: String?
    /// A replay token for the unshrunk case (reproduces it with this generator version only).
    public var replayToken: String?
    /// The choices of the minimal history (empty when it did not come from the generator).
    var minimalChoices: [UInt64] = []
    /// How many failing histories were shrunk to pick this one.
    public var shrinkStarts = 1

    /// The check this failure is named after.
    public var check: CheckID { failure.check }
}

/// Why a campaign stopped.
public enum CampaignStopReason: Hashable, Sendable, CustomStringConvertible {
    /// Every requested history ran.
    case completed
    /// A failure was found (and the campaign does not look for more).
    case failureFound
    /// The time limit was reached.
    case timeLimit
    /// The maximum number of distinct failures was reached.
    case failureLimit

    public var description: String {
        switch self {
        case .completed: return "all histories ran"
        case .failureFound: return "stopped at the first failure"
        case .timeLimit: return "stopped at the time limit"
        case .failureLimit: return "stopped at the limit of distinct failures"
        }
    }
}

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

    /// Whether every check held and every coverage requirement was met.
    public var passed: Bool { failures.isEmpty && coverageShortfalls.isEmpty }
}
