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
    /// What a subject runs on unless a campaign says otherwise (its catalog, policy, checks).
    associatedtype SubjectSetup: Sendable
    /// Which checks a replay runs.
    associatedtype CheckChoice: Sendable

    /// The `storeKind` a campaign's JSON report names (nil: the App Store's, which names none).
    static var reportKind: String? { get }
    /// The rule a built-in check holds a subject to, and its source (nil for a check this version does not know).
    static func rule(of check: CheckID) -> (rule: String, source: String)?
    /// What a failure report says of the store a minimal history ran in (settings that matter to it).
    static func notes(on history: History) -> [String]
    /// What a failure report says the subject was sent, from a replay's trace, for the failing event `index`.
    static func sent(_ trace: [TraceStep], during index: Int) -> [String]
    /// Why event `index` of `history` (read from `path`) could not be replayed, in one sentence naming the file.
    static func refusal(_ rejection: Rejection, event index: Int, in history: History, path: String) -> String
    /// A failure's timeline picture (`--html`).
    static func timeline(_ report: StoreFailureReport<Self>, subject: String) -> Timeline
    /// What a failure's minimal history reached, for its observation line (`--observations`).
    static func features(_ report: StoreFailureReport<Self>) -> [CaseObservation.Feature]
    /// One failure as JSON, for a campaign's `--json` report.
    static func json(_ report: StoreFailureReport<Self>) -> JSONValue

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
    public typealias SubjectSetup = AppStoreSubjectSetup
    public typealias CheckChoice = CheckSelection
    public static var reportKind: String? { nil }
    public static func rule(of check: CheckID) -> (rule: String, source: String)? { Check.builtIn(check).map { ($0.rule, $0.source) } }
    public static func notes(on history: History) -> [String] {
        var notes: [String] = []
        // Grace applies only after a billing failure: without one the setting cannot matter to the failure.
        let billingFails = history.events.contains { $0.kind == .setBilling }
        if billingFails, !history.store.gracePeriod.hasSameLength(as: StoreSettings().gracePeriod) {
            notes.append("gracePeriod=\(history.store.gracePeriod.iso8601)")
        }
        return notes + history.store.variations.nonDefaultSettings.map { "\($0.name)=\($0.value)" }
    }
    public static func sent(_ trace: [TraceStep], during index: Int) -> [String] {
        guard let step = trace.last(where: { $0.eventIndex == index }), !step.messages.isEmpty else { return [] }
        return ["  Sent to the subject during event \(index + 1): \(step.messages.joined(separator: "; "))"]
    }
    public static func json(_ report: FailureReport) -> JSONValue { report.json }
    public static func features(_ report: FailureReport) -> [CaseObservation.Feature] {
        CaseObservation.features(of: Array(report.history.events.prefix(max(0, report.failure.eventIndex + 1))), history: report.history)
    }
    public static func timeline(_ report: FailureReport, subject: String) -> Timeline { Timeline(report: report, subject: subject) }
    public static func refusal(_ rejection: Rejection, event index: Int, in history: History, path: String) -> String {
        "\(path): event \(index + 1) (\(history.events[index].compact)) is not possible: \(rejection.reason)"
    }
    public static func readHistory(_ path: String) throws(FormatError) -> History { try HistoryFile.read(path) }
}

/// Google Play: the Play Billing Library on the device, RTDN and the Developer API on a server.
public enum GooglePlayStore: Store {
    public typealias History = PlayHistory
    public typealias Rejection = FormatError
    public typealias TraceStep = String
    public typealias StepSample = PlayStepSample
    public typealias Coverage = PlayCoverage
    public typealias SubjectSetup = PlaySubjectSetup
    /// The checks switched off.
    public typealias CheckChoice = [PlayCheck]
    public static var reportKind: String? { PlayHistory.storeKind }
    public static func rule(of check: CheckID) -> (rule: String, source: String)? {
        PlayCheck.builtIn(check).map { ($0.rule, "play-billing-semantics \($0.source)") }
    }
    public static func notes(on history: PlayHistory) -> [String] {
        guard case .object(let members) = history.variations.json else { return [] }
        return members.map { "\($0.key)=\($0.value.rendered())" }
    }
    public static func sent(_ trace: [String], during index: Int) -> [String] {
        trace.isEmpty ? [] : ["  What the subject was sent:"] + trace.map { "    " + $0 }
    }
    public static func json(_ report: PlayFailureReport) -> JSONValue { report.playJSON }
    public static func features(_ report: PlayFailureReport) -> [CaseObservation.Feature] { report.features }
    public static func timeline(_ report: PlayFailureReport, subject: String) -> Timeline { Timeline(play: report, subject: subject) }
    public static func refusal(_ rejection: FormatError, event index: Int, in history: PlayHistory, path: String) -> String {
        "could not replay: \(rejection.inFile(path))"
    }
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
    /// The statistics table (`--stats`).
    func rendered() -> String
    /// The counts as JSON, label to count (`"coverage"` of a `--json --stats` report).
    var json: JSONValue { get }
    /// The requirements of `requirements` not met, each with the share reached.
    func shortfalls(_ requirements: [CoverageRequirement]) -> [(requirement: CoverageRequirement, reached: Double)]
}
