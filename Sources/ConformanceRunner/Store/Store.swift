import Generators
import PurchaseStateMachine

/// A store the engine checks subjects against: a type whose associated types are what really
/// differs per store; everything else in the engine is written once, over `Store`.
///
/// `AppleAppStore` and `GooglePlayStore` are the two; docs/Architecture.md ("Add a store") says
/// what a third must provide.
public protocol Store: Sendable {
    /// The store's history document (its catalog and events are the history's).
    associatedtype History: StoreHistory
    /// Why a replay refused an event of a history (it is impossible for this subject).
    associatedtype Rejection: Sendable
    /// One step of a replay's trace: what the subject was sent and answered.
    associatedtype TraceStep: Sendable
    /// What one event came to, for a timeline page, where the trace does not carry it (`Never`: it does).
    associatedtype StepSample: Sendable
    /// What a campaign counts of what its histories exercised (`--stats`).
    associatedtype Coverage: CampaignCoverage

    /// Reads, parses and validates this store's history at `path`; every problem is a
    /// `FormatError` naming the file (and field and event).
    static func readHistory(_ path: String) throws(FormatError) -> History
}

/// Apple's App Store: StoreKit 2 and 1 on the device, App Store Server Notifications on a server.
public enum AppleAppStore: Store {
    public typealias History = PurchaseStateMachine.History
    public typealias Rejection = PurchaseStateMachine.Rejection
    public typealias TraceStep = ConformanceRunner.TraceStep
    public typealias StepSample = Never
    public typealias Coverage = CoverageCounts
    public static func readHistory(_ path: String) throws(FormatError) -> History { try HistoryFile.read(path) }
}

/// Google Play: the Play Billing Library on the device, RTDN and the Developer API on a server.
public enum GooglePlayStore: Store {
    public typealias History = PlayHistory
    public typealias Rejection = FormatError
    public typealias TraceStep = String
    public typealias StepSample = PlayStepSample
    public typealias Coverage = PlayCoverage
    public static func readHistory(_ path: String) throws(FormatError) -> History { try HistoryFile.readPlay(path) }
}

/// What a store's campaign counts of its histories (`--stats`), merged across threads and
/// held to a subject's coverage requirements.
public protocol CampaignCoverage: Sendable {
    /// No histories counted yet.
    init()
    /// Adds the counts of other histories.
    mutating func merge(_ other: Self)
    /// Histories counted.
    var histories: Int { get }
    /// The requirements of `requirements` not met, each with the share reached.
    func shortfalls(_ requirements: [CoverageRequirement]) -> [(requirement: CoverageRequirement, reached: Double)]
}
