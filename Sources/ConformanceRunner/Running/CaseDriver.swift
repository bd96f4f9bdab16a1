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

/// What one generated case of a campaign came to: its size, and (boxed, so the campaign's batches
/// copy one reference a case) what it kept when it failed or when the campaign asked for coverage
/// or an observation.
public struct CaseSummary<St: Store, Settings: Sendable>: Sendable {
    /// How many events ran (0 when generation stopped).
    public var events = 0
    /// Whether a check failed.
    public private(set) var failed = false
    private var kept: Kept?

    /// What a case kept beyond its size.
    final class Kept: Sendable {
        let failure: Failure?
        let failingEvents: [St.History.StoreEvent]
        let settings: Settings?
        let schedule: [Int]
        let choices: [Choice]
        let spans: [Span]
        let coverage: St.Coverage?
        let observation: CaseObservation?

        init(
            failure: Failure?, failingEvents: [St.History.StoreEvent], settings: Settings?, schedule: [Int], choices: [Choice],
            spans: [Span], coverage: St.Coverage?, observation: CaseObservation?
        ) {
            self.failure = failure
            self.failingEvents = failingEvents
            self.settings = settings
            self.schedule = schedule
            self.choices = choices
            self.spans = spans
            self.coverage = coverage
            self.observation = observation
        }
    }

    /// An empty summary: nothing ran.
    public init() {}

    /// The failure, when a check failed.
    public var failure: Failure? { kept?.failure }
    /// The events that ran when it failed, the failing one last.
    public var failingEvents: [St.History.StoreEvent] { kept?.failingEvents ?? [] }
    /// The settings drawn, when it failed.
    public var settings: Settings? { kept?.settings }
    /// The scheduling decisions it made, when it failed (asynchronous subjects only).
    public var schedule: [Int] { kept?.schedule ?? [] }
    /// The choices that made it, when it failed.
    public var choices: [Choice] { kept?.choices ?? [] }
    /// The spans of those choices, when it failed.
    public var spans: [Span] { kept?.spans ?? [] }
    /// What it exercised, when asked.
    public var coverage: St.Coverage? { kept?.coverage }
    /// Its observation, when asked.
    public var observation: CaseObservation? { kept?.observation }

    /// Keeps how the case failed: the failure, its events, settings and schedule, and the choices that made it.
    public mutating func keepFailure(
        _ failure: Failure, events: [St.History.StoreEvent], settings: Settings?, schedule: [Int], choices: [Choice], spans: [Span]
    ) {
        failed = true
        kept = Kept(
            failure: failure, failingEvents: events, settings: settings, schedule: schedule, choices: choices, spans: spans,
            coverage: coverage, observation: observation)
    }

    /// Keeps what the case exercised and its observation (each nil when not asked for).
    public mutating func keep(coverage: St.Coverage?, observation: CaseObservation?) {
        kept = Kept(
            failure: failure, failingEvents: failingEvents, settings: settings, schedule: schedule, choices: choices, spans: spans,
            coverage: coverage, observation: observation)
    }
}
