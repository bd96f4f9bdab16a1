/// One `purchase-history/1` document: the catalog, the store's settings, the app's policy,
/// the events in order, and optionally what is expected of them.
///
/// It is the durable record of the project: what the regression corpus stores, what `replay`
/// reads and what a failure report writes. It never depends on the generator that made it.
public struct History: Hashable, Sendable {
    /// The format identifier every history file carries.
    public static let format = "purchase-history/1"

    /// A short slug used for file names and report titles.
    public var name: String?
    /// The store clock at event 0.
    public var start: Instant
    /// The products.
    public var catalog: Catalog
    /// The path the catalog was read from, relative to the history file, when it was not inline.
    public var catalogFile: String?
    /// Grace, retry and the store's variations.
    public var store: StoreSettings
    /// What the app promises where Apple leaves it open.
    public var policy: AppPolicy
    /// The events, in order.
    public var events: [Event]
    /// What is expected of the history, when the file says.
    public var expect: HistoryExpectation?
    /// Where the history came from (provenance only; never needed to replay).
    public var origin: HistoryOrigin?
    /// The scheduling decisions an asynchronous subject's scheduler made, in order (each the
    /// 0-based index of the ready task it ran); empty for synchronous subjects.
    public var schedule: [Int]

    /// Creates a history.
    public init(
        name: String? = nil, start: Instant = .defaultStart, catalog: Catalog, catalogFile: String? = nil,
        store: StoreSettings = StoreSettings(), policy: AppPolicy = AppPolicy(), events: [Event],
        expect: HistoryExpectation? = nil, origin: HistoryOrigin? = nil, schedule: [Int] = []
    ) {
        self.name = name
        self.start = start
        self.catalog = catalog
        self.catalogFile = catalogFile
        self.store = store
        self.policy = policy
        self.events = events
        self.expect = expect
        self.origin = origin
        self.schedule = schedule
    }

    /// A fresh model at the history's start, with its catalog and store settings.
    public func makeModel() -> StoreModel { StoreModel(catalog: catalog, settings: store, start: start) }

    /// Replays the events on a fresh model; an event the model rejects is reported as a
    /// `FormatError` naming the event (a history must be valid from start to end).
    public func validate() throws(FormatError) {
        var model = makeModel()
        var effects = StepEffects()
        for (i, event) in events.enumerated() {
            effects.reset()
            do {
                try model.apply(event, into: &effects)
            } catch {
                throw FormatError(field: "events[\(i)]", eventIndex: i, message: "\(event.compact) is not possible here: \(error.reason)")
            }
        }
    }
}

/// What a history file says should happen when it is replayed against its subject.
public enum HistoryExpectation: Hashable, Sendable {
    /// Every check holds after every event.
    case passes
    /// The check `check` first fails after the event at 0-based index `atEvent`.
    case fails(check: String, atEvent: Int)

    /// Whether a replay that first failed `check` after event `eventIndex` (nil: every check held)
    /// is what this expects; either store's replay answers it the same way.
    public func isMet(byFailure failure: (check: String, eventIndex: Int)?) -> Bool {
        switch self {
        case .passes: return failure == nil
        case .fails(let check, let at): return failure.map { $0.check == check && $0.eventIndex == at } ?? false
        }
    }
}

/// Where a history came from: the tool, the seed and the subject (provenance only).
public struct HistoryOrigin: Hashable, Sendable {
    /// The tool and version that wrote the file.
    public var tool: String?
    /// The campaign seed that found the history.
    public var seed: String?
    /// The subject the history was run against (a built-in name when replayable).
    public var subject: String?
    /// The test that checked the subject, when it ran in `swift test` (a `--filter` for it).
    public var test: String?

    /// Creates provenance information.
    public init(tool: String? = nil, seed: String? = nil, subject: String? = nil, test: String? = nil) {
        self.tool = tool
        self.seed = seed
        self.subject = subject
        self.test = test
    }
}
