import ConformanceRunner
import PurchaseStateMachine
import Testing

/// Promo codes redeemed in the Play Store, outside the app (§2.3, §2.4, §10.2, B14).
@Suite("Google Play: promo codes redeemed outside the app")
struct PlayPromoTests {
    @Test("§2.3, §2.4, §10.2: a promo code redeemed in the Play Store is PURCHASED without an orderId, purchaseType 1, and reaches the app only through queryPurchasesAsync")
    func redeemedOutsideTheApp() throws {
        var s = PlayScenario()
        try s.run("background")
        let redeemed = try s.run("redeemPromo(lifetime)")
        #expect(redeemed.listenerCalls.isEmpty, "the listener is never called")
        #expect(redeemed.notificationTypes == ["ONE_TIME_PRODUCT_PURCHASED"])
        #expect(s.status(1) == .purchased)
        #expect(s.token(1).orderID == nil)
        let server = try #require(s.model.productPurchase(of: 0))
        #expect(server["purchaseType"] == .int(1))
        #expect(server["orderId"] == nil)
        #expect(s.clientEntitled == [], "the app has not been told yet")
        let resumed = try s.run("resumeApp")
        guard case .connected(.resume, let purchases)? = resumed.messages.first else {
            Issue.record("expected a resume query")
            return
        }
        #expect(purchases.map(\.token) == ["token-1"])
        #expect(purchases.first?.orderID == nil)
        #expect(s.clientEntitled == ["lifetime"])
    }

    @Test("§2.4: redeemed while the app is in the foreground, the customer comes back from the Play Store and the app queries at once")
    func redeemedFromTheForeground() throws {
        var s = PlayScenario()
        let redeemed = try s.run("redeemPromo(coins100)")
        guard case .connected(.resume, let purchases)? = redeemed.messages.last else {
            Issue.record("expected a resume query after the redemption")
            return
        }
        #expect(purchases.map(\.products) == [["coins100"]])
    }

    @Test("§4: a promo purchase must be acknowledged within three days like any other, or Google refunds it")
    func acknowledgementWindow() throws {
        var s = PlayScenario()
        try s.run("redeemPromo(lifetime)", "advanceTime(P3D)")
        #expect(s.status(1) == .voided)
        var acknowledged = PlayScenario()
        try acknowledged.run("redeemPromo(lifetime)")
        acknowledged.ack(1)
        try acknowledged.run("advanceTime(P3D)")
        #expect(acknowledged.status(1) == .purchased)
    }

    @Test("§5: a promo code cannot be redeemed for a subscription, an unknown item, or an item the customer still owns")
    func refused() throws {
        var s = PlayScenario()
        #expect(try s.rejects("redeemPromo(pro-monthly)"))
        #expect(try s.rejects("redeemPromo(nothing)"))
        try s.run("purchase(lifetime)")
        #expect(try s.rejects("redeemPromo(lifetime)"))
    }

    @Test("§14 B14: an app that keys credits on orderId credits nothing for a second promo redemption; consumable-credited-once catches it")
    func orderIDKeyedCredits() throws {
        let events = try ["redeemPromo(coins100)", "redeemPromo(coins100)"].map { try PlayEvent(compact: $0) }
        let result = PlayCases(factory: CoinCountingApp.factory(.keysOnOrderID)).replay(PlayHistory(events: events))
        #expect(result.failure?.check == .consumableCreditedOnce)
        #expect(result.failure?.eventIndex == 1)
        let paid = try ["purchase(coins100)", "purchase(coins100)"].map { try PlayEvent(compact: $0) }
        #expect(PlayCases(factory: CoinCountingApp.factory(.keysOnOrderID)).replay(PlayHistory(events: paid)).failure == nil,
                "with orderIds the same app passes")
    }
}
