import PurchaseStateMachine
import Testing

/// The `BillingResponseCode`s a purchase flow reports besides `OK`, `USER_CANCELED`,
/// `ITEM_ALREADY_OWNED` and `ERROR` (play-billing-semantics §2.2).
@Suite("Google Play: what a purchase flow that buys nothing reports")
struct PlayFlowResultTests {
    static let nothingCharged: [(String, PlayBillingResult)] = [
        ("serviceUnavailable", .serviceUnavailable), ("billingUnavailable", .billingUnavailable), ("itemUnavailable", .itemUnavailable),
    ]
    static let mayHaveCharged: [(String, PlayBillingResult)] = [("networkError", .networkError), ("serviceDisconnected", .serviceDisconnected)]

    /// A store under V-AMBIGUOUS-RESULT read as `charged`, after a lifetime purchase flow that ended in `outcome` (its effects in `last`).
    static func purchase(ending outcome: String, charged: Bool) throws -> PlayScenario {
        var s = PlayScenario(playVariations { $0.purchaseExistsAfterError = charged })
        try s.run("purchase(lifetime, outcome: \(outcome))")
        return s
    }

    @Test("§2.2: SERVICE_UNAVAILABLE, BILLING_UNAVAILABLE and ITEM_UNAVAILABLE reach the listener and buy nothing, even under V-AMBIGUOUS-RESULT",
          arguments: nothingCharged, [false, true])
    func nothingBought(flow: (outcome: String, result: PlayBillingResult), charged: Bool) throws {
        var s = try Self.purchase(ending: flow.outcome, charged: charged)
        #expect(s.last.listenerCalls.map(\.0) == [flow.result])
        #expect(s.last.listenerCalls.allSatisfy { $0.1.isEmpty })
        #expect(s.last.notificationTypes.isEmpty)
        try s.run("relaunch")
        #expect(s.model.tokens.isEmpty)
        #expect(s.entitled == [])
    }

    @Test("§2.2 V-AMBIGUOUS-RESULT: NETWORK_ERROR and SERVICE_DISCONNECTED may hide a purchase that went through; the next query shows it",
          arguments: mayHaveCharged, [false, true])
    func hiddenPurchase(flow: (outcome: String, result: PlayBillingResult), charged: Bool) throws {
        var s = try Self.purchase(ending: flow.outcome, charged: charged)
        #expect(s.last.listenerCalls.map(\.0) == [flow.result])
        #expect(s.clientEntitled == [], "the app was told nothing was bought")
        #expect(s.entitled == (charged ? ["lifetime"] : []))
        try s.run("relaunch")
        #expect(s.clientEntitled == (charged ? ["lifetime"] : []))
    }

    @Test("§2.2: each new flow result round-trips through the compact spelling and the history file",
          arguments: nothingCharged.map(\.0) + mayHaveCharged.map(\.0))
    func spelling(outcome: String) throws {
        let text = "purchase(lifetime, outcome: \(outcome))"
        let event = try PlayEvent(compact: text)
        #expect(event.compact == text)
        let history = PlayHistory(events: [event])
        #expect(try PlayHistory(text: history.fileText) == history)
    }
}
