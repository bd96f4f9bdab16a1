/// What every store's `purchase-history/1` document has, whatever the store: a name, a start,
/// a catalog, events, an expectation and a provenance, and the file text it is saved as.
///
/// `History` (the App Store) and `PlayHistory` (Google Play) are the two; the engine's corpus,
/// failures folder and reports read a history through this protocol and nothing more.
public protocol StoreHistory: Hashable, Sendable {
    /// The store's catalog of products.
    associatedtype StoreCatalog: Hashable & Sendable
    /// The store's events, each with its compact spelling (`purchase(premium)`).
    associatedtype StoreEvent: Hashable & Sendable & CompactSpelled

    /// A short slug used for file names and report titles.
    var name: String? { get set }
    /// The store's clock at event 0.
    var start: Instant { get set }
    /// The products.
    var catalog: StoreCatalog { get set }
    /// The events, in order.
    var events: [StoreEvent] { get set }
    /// What is expected of the history, when the file says.
    var expect: HistoryExpectation? { get set }
    /// Where the history came from (provenance only).
    var origin: HistoryOrigin? { get set }
    /// The history as a `purchase-history/1` file.
    var fileText: String { get }
    /// The history as the JSON value its file holds.
    var json: JSONValue { get }
}

extension History: StoreHistory {}

extension PlayHistory: StoreHistory {}

/// An event with a one-line spelling that parses back to the same event (`purchase(premium)`).
public protocol CompactSpelled {
    /// The compact spelling.
    var compact: String { get }
}

extension Event: CompactSpelled {}

extension PlayEvent: CompactSpelled {}
