/// A `purchase-history/1` document for Google Play (`"storeKind": "googlePlay"`): the catalog,
/// the store variations, the app's policy, the events in order and what is expected of them.
///
/// The same format, expectation and provenance as the App Store's `History`; only the catalog,
/// the variations, the policy and the events are Play's (`docs/HistoryFormat.md`).
public struct PlayHistory: Hashable, Sendable {
    /// The value of `storeKind` that marks a Google Play history.
    public static let storeKind = "googlePlay"

    /// A short slug used for file names and report titles.
    public var name: String?
    /// Google's clock at event 0.
    public var start: Instant
    /// The products.
    public var catalog: PlayCatalog
    /// The store variations (§13 of the semantics contract).
    public var variations: PlayVariations
    /// Which one-time products the app consumes.
    public var policy: PlayPolicy
    /// The events, in order.
    public var events: [PlayEvent]
    /// What is expected of the history, when the file says.
    public var expect: HistoryExpectation?
    /// Where the history came from (provenance only).
    public var origin: HistoryOrigin?

    /// Creates a history.
    public init(
        name: String? = nil, start: Instant = .defaultStart, catalog: PlayCatalog = .example,
        variations: PlayVariations = PlayVariations(), policy: PlayPolicy = .example, events: [PlayEvent],
        expect: HistoryExpectation? = nil, origin: HistoryOrigin? = nil
    ) {
        self.name = name
        self.start = start
        self.catalog = catalog
        self.variations = variations
        self.policy = policy
        self.events = events
        self.expect = expect
        self.origin = origin
    }

    /// A fresh model at the history's start.
    public func makeModel() -> PlayModel { PlayModel(catalog: catalog, variations: variations, start: start) }

    /// Whether a parsed history document is a Google Play one (its `storeKind` says so).
    public static func isPlay(_ json: JSONValue) -> Bool {
        if case .string(storeKind)? = json["storeKind"] { return true }
        return false
    }
}
