import ConformanceRunner
import PurchaseStateMachine

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
