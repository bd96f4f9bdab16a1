import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine
import Testing

/// A Play model driven by compact events, with short accessors for tests.
struct PlayScenario {
    var model: PlayModel
    var last = PlayStepEffects()

    init(_ variations: PlayVariations = PlayVariations(), catalog: PlayCatalog = .example) {
        model = PlayModel(catalog: catalog, variations: variations)
        _ = model.start()
    }

    /// A scenario that starts with `product` bought and its purchase acknowledged at once, as token 1.
    init(owning product: String, _ variations: PlayVariations = PlayVariations(), catalog: PlayCatalog = .example) throws {
        self.init(variations, catalog: catalog)
        try run("purchase(\(product))")
        ack(1)
    }

    /// Applies events in compact spelling; returns the effects of the last one.
    @discardableResult
    mutating func run(_ events: String...) throws -> PlayStepEffects {
        for text in events {
            last = try model.apply(try PlayEvent(compact: text))
        }
        return last
    }

    /// Acknowledges token `n`.
    @discardableResult
    mutating func ack(_ n: Int) -> PlayReplyResult { model.apply(reply: .acknowledge(token: "token-\(n)")) }

    /// Consumes token `n`.
    @discardableResult
    mutating func consume(_ n: Int) -> PlayReplyResult { model.apply(reply: .consume(token: "token-\(n)")) }

    func status(_ n: Int) -> PlayTokenStatus { model.status(of: n - 1) }
    func token(_ n: Int) -> PlayToken { model.tokens[n - 1] }
    var entitled: [String] { model.expectedEntitlements(knowsEverything: true) }
    var clientEntitled: [String] { model.expectedEntitlements(knowsEverything: false) }
    var queried: [String] { model.queryPurchases().map(\.token) }
    func state(_ n: Int) -> String { model.subscriptionState(of: n - 1) }
    func rejects(_ text: String) throws -> Bool { model.rejection(of: try PlayEvent(compact: text)) != nil }
}

extension PlayStepEffects {
    /// The RTDN types sent, in order.
    var notificationTypes: [String] {
        messages.compactMap { if case .notification(let n) = $0 { return n.type.rawValue } else { return nil } }
    }

    /// The `onPurchasesUpdated` calls: result and purchase states.
    var listenerCalls: [(PlayBillingResult, [PlayPurchase])] {
        messages.compactMap { if case .purchasesUpdated(let r, let p) = $0 { return (r, p) } else { return nil } }
    }
}

/// Expects a subject built by `naive` to fail `check` at event `index` of `events` under the
/// variation `change` makes, to pass them without it, and the reference app to pass them under it
/// with a trace line containing `traced`: a store variation that a naive app misses.
func expectCaughtOnlyUnder<S: PlaySubject>(
    _ change: (inout PlayVariations) -> Void, events compact: [String], check: CheckID, at index: Int, traced: String,
    naive factory: @escaping PlaySubjectFactory<S>, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let events = try compact.map { try PlayEvent(compact: $0) }
    let history = PlayHistory(variations: playVariations(change), events: events)
    let naive = PlayCases(factory: factory)
    #expect(naive.replay(history).failure?.check == check, sourceLocation: sourceLocation)
    #expect(naive.replay(history).failure?.eventIndex == index, sourceLocation: sourceLocation)
    #expect(naive.replay(PlayHistory(events: events)).failure == nil, "without the variation it passes", sourceLocation: sourceLocation)
    let reference = try #require(PlayBuiltInSubjects.named("play-reference-app")).replay(history)
    #expect(reference.failure == nil, sourceLocation: sourceLocation)
    #expect(reference.trace.contains { $0.contains(traced) }, "\(reference.trace)", sourceLocation: sourceLocation)
}

/// A Play variation set with one change.
func playVariations(_ change: (inout PlayVariations) -> Void) -> PlayVariations {
    var v = PlayVariations()
    change(&v)
    return v
}

extension PlayHistory {
    /// Writes the history as `folder/NAME.json` and returns the path.
    func written(in folder: String, name: String) throws -> String {
        let path = folder + "/\(name).json"
        try HistoryFile.writeText(fileText, to: path)
        return path
    }
}
