import Generators
import PurchaseStateMachine

/// One store's side of a campaign for one subject: it draws and runs a generated case, replays
/// and polishes a concrete history, and says which of two minimal failures is simpler; `Campaign`
/// owns every phase and is written once over it (`AppStoreCases`, `PlayCases`).
public protocol CaseDriver: Sendable {
    /// The store whose histories this driver runs.
    associatedtype St: Store
    /// The store settings (or variations) a generated case drew.
    associatedtype Settings: Sendable

    /// Readies `tc` for history `number` of a campaign with seed `seed`.
    func prepare(_ tc: TestCase, seed: Seed, history number: Int)
    /// Draws a history from `tc`'s choices while running it, keeping what a campaign needs:
    /// its size, and when it failed its events and settings (and coverage and an observation when asked).
    func run(_ tc: TestCase, collect: Bool, observe: Bool, number: Int) -> CaseSummary<St, Settings>
    /// How the shrinker takes the case `tc` draws, for a failure of `target`.
    func verdict(_ tc: TestCase, target: CheckID) -> ShrinkVerdict
    /// A copy sharing no reference-counted storage with this one, for another thread.
    func independentCopy() -> Self
    /// This driver with the checks in `reported` counted as passes (the campaign goes on to other bugs).
    func excluding(_ reported: Set<CheckID>) -> Self
    /// Every check a failure can be named after, in attribution order.
    var checkIDs: [CheckID] { get }
    /// Replays `history` with a trace, stopping at its first failure.
    func replay(_ history: St.History) -> StoreReplayResult<St>
    /// The campaign's history for `events` (its name, start, catalog, policy and origin), with the
    /// `settings` drawn (the campaign's fixed ones when nil) and the expectation `failure` sets.
    func history(_ failure: Failure, events: [St.History.StoreEvent], settings: Settings?, schedule: [Int]) -> St.History
    /// `template` with `events`, `settings`, `schedule` and the expectation `failure` sets.
    func filling(
        _ template: St.History, events: [St.History.StoreEvent], settings: Settings, schedule: [Int], failure: Failure
    ) -> St.History
    /// The history a report shows when a case failed once and passed when run again.
    func emptyHistory() -> St.History
    /// The store's own shrink passes over a concrete failing history: the smaller history and its
    /// failure (nil when no pass made progress), and how many replays it took.
    func polish(_ history: St.History, check: CheckID) -> (found: (St.History, Failure)?, evaluations: Int)
    /// The choices that generate `history`, when the generator can encode it.
    func encode(_ history: St.History) -> [UInt64]?
    /// Whether minimal failure `a` is simpler than `b` (of the independent shrink starts, the simplest wins).
    static func simpler(_ a: StoreFailureReport<St>, than b: StoreFailureReport<St>) -> Bool
    /// Event kinds or states reached in too few histories of `coverage`.
    func healthWarnings(_ coverage: St.Coverage, threshold: Double) -> [HealthWarning]
    /// The saved histories a campaign replays first, besides a failures folder's.
    var savedHistories: [SavedStoreHistory<St.History>] { get }
    /// This subject's saved failures in `folder`, stale ones skipped.
    func load(_ folder: FailureStore) throws(FormatError) -> [SavedStoreHistory<St.History>]
}

/// What one generated case of a campaign came to, kept small unless it failed.
public struct CaseSummary<St: Store, Settings: Sendable>: Sendable {
    /// How many events ran (0 when generation stopped).
    public var events = 0
    /// The failure, when a check failed.
    public var failure: Failure?
    /// The events that ran when it failed, the failing one last.
    public var failingEvents: [St.History.StoreEvent] = []
    /// The settings drawn, when it failed.
    public var settings: Settings?
    /// The scheduling decisions it made, when it failed (asynchronous subjects only).
    public var schedule: [Int] = []
    /// The choices that made it, when it failed.
    public var choices: [Choice] = []
    /// The spans of those choices, when it failed.
    public var spans: [Span] = []
    /// What it exercised, when asked.
    public var coverage: St.Coverage?
    /// Its observation, when asked.
    public var observation: CaseObservation?

    /// An empty summary: nothing ran.
    public init() {}

    /// Whether a check failed.
    public var failed: Bool { failure != nil }
}
