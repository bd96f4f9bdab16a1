import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// Quantity-based partial refunds (§5, §8): the `void(#N, refund, quantity: K)` event.
@Suite("Google Play: quantity-based partial refunds")
struct PlayPartialRefundTests {
    /// Five units of `item`, acknowledged (consumed if `consume`).
    static func bought(_ item: String = "coins100", consume: Bool = true) throws -> PlayScenario {
        var s = PlayScenario()
        try s.run("purchase(\(item), quantity: 5)")
        if consume { s.consume(1) } else { s.ack(1) }
        return s
    }

    @Test("§5, §8: a quantity-based partial refund leaves the rest PURCHASED, lowers refundableQuantity and sends VOIDED_PURCHASE with refundType PARTIAL")
    func partialLeavesRest() throws {
        var s = try Self.bought("lifetime", consume: false)
        #expect(s.model.productPurchase(of: 0)?["refundableQuantity"] == .int(5))
        let effects = try s.run("void(#1, refund, quantity: 2)")
        #expect(effects.notificationTypes == ["VOIDED_PURCHASE"])
        guard case .notification(let n)? = effects.messages.first else { Issue.record("no notification"); return }
        #expect(n.refundType == .partial)
        #expect(n.json["refundType"] == .int(2))
        #expect(s.status(1) == .purchased)
        #expect(s.entitled == ["lifetime"], "units remain: the purchase still entitles")
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(0))
        #expect(s.model.productPurchase(of: 0)?["refundableQuantity"] == .int(3))
        #expect(s.queried == ["token-1"])
        try s.run("void(#1, refund, quantity: 1)")
        #expect(s.model.productPurchase(of: 0)?["refundableQuantity"] == .int(2), "refunded several times")
    }

    @Test("§5, §8: refunding the last units is a FULL refund: the token is voided, purchaseState 1, refundType FULL")
    func lastUnitsFull() throws {
        var s = try Self.bought("lifetime", consume: false)
        try s.run("void(#1, refund, quantity: 3)")
        let effects = try s.run("void(#1, refund, quantity: 2)")
        guard case .notification(let n)? = effects.messages.first else { Issue.record("no notification"); return }
        #expect(n.type == .voidedPurchase)
        #expect(n.refundType == .full)
        #expect(s.status(1) == .voided)
        #expect(s.entitled.isEmpty)
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(1))
        #expect(s.model.productPurchase(of: 0)?["refundableQuantity"] == .int(0))
        #expect(try s.rejects("void(#1, refund, quantity: 1)"), "nothing left to refund")
        // A whole void is FULL too.
        var whole = try Self.bought()
        guard case .notification(let w)? = try whole.run("void(#1, chargeback)").messages.first else { Issue.record("no notification"); return }
        #expect(w.refundType == .full)
        #expect(w.json["refundType"] == .int(1))
    }

    @Test("§5: a quantity-based refund needs a paid one-time purchase with that many refundable units; only a refund is quantity-based")
    func limits() throws {
        var s = try Self.bought()
        #expect(try s.rejects("void(#1, refund, quantity: 6)"))
        #expect(try s.rejects("void(#1, chargeback, quantity: 1)"), "[INF] only a refund is quantity-based")
        #expect(try !s.rejects("void(#1, refund, quantity: 5)"), "consumed units can be refunded")
        try s.run("void(#1, refund, quantity: 4)")
        #expect(try s.rejects("void(#1, refund, quantity: 2)"), "one unit remains")
        #expect(try !s.rejects("void(#1, chargeback)"), "the rest can still be voided whole")
        let sub = try PlaySubscriptionTests.subscribed()
        #expect(try sub.rejects("void(#1, refund, quantity: 1)"), "a subscription is bought one at a time")
    }

    @Test("§5, §8: the Voided Purchases API lists quantity-based refunds, with voidedQuantity, only with includeQuantityBasedPartialRefund")
    func voidedAPI() throws {
        var s = try Self.bought()
        try s.run("void(#1, refund, quantity: 2)", "advanceTime(P1D)")
        #expect(s.model.voidedPurchases().isEmpty, "a partial refund is listed only when asked")
        let asked = s.model.voidedPurchases(includeQuantityBasedPartialRefund: true)
        #expect(asked.map(\.voidedQuantity) == [2])
        #expect(asked.first?.voidedTime == s.model.now.adding(seconds: -86_400))
        try s.run("void(#1, refund, quantity: 3)")
        #expect(s.model.voidedPurchases().map(\.voidedQuantity) == [nil], "[INF] the FULL refund is a void, listed without a quantity")
        #expect(s.model.voidedPurchases(includeQuantityBasedPartialRefund: true).map(\.voidedQuantity) == [2, 3])
    }

    @Test("§5, §8: a consumable's balance may keep the refunded units, or drop every void, or every refunded unit")
    func creditChoices() throws {
        var s = try Self.bought()
        try s.run("void(#1, refund, quantity: 2)")
        #expect(s.model.expectedCredit("coins100", knowsEverything: true, withoutVoided: false) == 5)
        #expect(s.model.expectedCredit("coins100", knowsEverything: true, withoutVoided: true) == 5, "nothing is voided whole")
        #expect(s.model.expectedCredit("coins100", knowsEverything: true, withoutVoided: true, withoutRefundedUnits: true) == 3)
        #expect(s.model.acceptedCredits("coins100", knowsEverything: true) == [5, 3])
        let history = PlayHistory(events: try ["purchase(coins100, quantity: 5)", "void(#1, refund, quantity: 2)"].map { try PlayEvent(compact: $0) })
        #expect(PlayCases { c, p, ctx in UnitClawBack(catalog: c, policy: p, context: ctx) }.replay(history).failure == nil)
        let over = PlayCases { c, p, ctx in UnitClawBack(catalog: c, policy: p, context: ctx, wholeOnPartial: true) }
        #expect(over.replay(history).failure?.check == .consumableCreditedOnce, "a partial refund is not the whole purchase")
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
    }

    /// The reference backend, except that it takes a partial refund's VOIDED_PURCHASE for the end of access.
    enum EndsOnPartialRefund: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) throws -> String? {
            n.type == .voidedPurchase && n.refundType == .partial ? n.product : nil
        }
    }

    @Test("§5, §8: a backend that ends access on a partial refund is caught and shrunk to it; the reference subjects keep access")
    func partialKeepsAccess() throws {
        let history = PlayHistory(events: try ["purchase(lifetime, quantity: 2)", "void(#1, refund, quantity: 1)"].map { try PlayEvent(compact: $0) })
        #expect(QuirkyServer<EndsOnPartialRefund>.replayer.replay(history).failure != nil)
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
        let campaign = QuirkyServer<EndsOnPartialRefund>.campaign(histories: 20_000, name: "ends-on-partial-refund")
        let failure = try #require(campaign.run().failure)
        #expect(failure.history.events.count == 2)
        #expect(failure.history.events.last.map { if case .void(_, .refund, _?) = $0 { return true } else { return false } } == true,
                "\(failure.history.events.map(\.compact))")
    }
}

/// The reference backend, clawing back a consumable's refunded units as `refundableQuantity` shows
/// them (or, with `wholeOnPartial`, the whole purchase on any refund: wrong).
struct UnitClawBack: PlaySubject {
    var inner: PlayReferenceServer
    var wholeOnPartial = false
    var refunded: [(token: String, product: String, units: Int)] = []

    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
        inner = PlayReferenceServer(catalog: catalog, policy: policy, context: context)
    }

    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext, wholeOnPartial: Bool) {
        self.init(catalog: catalog, policy: policy, context: context)
        self.wholeOnPartial = wholeOnPartial
    }

    var wantsNotifications: Bool { true }

    mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        try inner.connected(reason, purchases: purchases, context: context)
    }

    mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        try inner.purchasesUpdated(result, purchases: purchases, context: context)
    }

    mutating func tick(context: PlaySubjectContext) throws -> [PlayReply] { try inner.tick(context: context) }

    mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
        if n.type == .voidedPurchase, let view = context.server(token: n.token), case .int(let q)? = view["quantity"],
            case .int(let left)? = view["refundableQuantity"]
        {
            let units = wholeOnPartial ? Int(q) : Int(q - left)
            refunded.removeAll { $0.token == n.token }
            refunded.append((n.token, n.product, units))
        }
        return try inner.notification(n, context: context)
    }

    func query(context: PlaySubjectContext) throws -> ObservedState {
        var state = try inner.query(context: context)
        for r in refunded { state.balances[r.product] = (state.balances[r.product] ?? 0) - r.units }
        return state
    }
}
