import PurchaseStateMachine
import Testing

@Suite("Google Play: enumerations and views the contract documents (§2.3, §9.2, §10, Appendix A)")
struct PlayReferenceFactsTests {
    @Test("§9.2, §9.3: notification types carry their documented numbers",
          arguments: [
            (PlayNotificationType.subscriptionRecovered, 1), (.subscriptionRenewed, 2), (.subscriptionCanceled, 3),
            (.subscriptionPurchased, 4), (.subscriptionOnHold, 5), (.subscriptionInGracePeriod, 6), (.subscriptionRestarted, 7), (.subscriptionDeferred, 9),
            (.subscriptionPaused, 10), (.subscriptionPauseScheduleChanged, 11), (.subscriptionRevoked, 12), (.subscriptionExpired, 13),
            (.subscriptionPendingPurchaseCanceled, 20), (.oneTimeProductPurchased, 1), (.oneTimeProductCanceled, 2),
          ])
    func notificationNumbers(type: PlayNotificationType, number: Int) {
        #expect(type.number == number)
    }

    @Test("§2.3: isAutoRenewing is false for one-time products and canceled subscriptions, true for a renewing one")
    func autoRenewing() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)", "purchase(basic-monthly)")
        #expect(s.model.purchase(of: 0).autoRenewing == false)
        #expect(s.model.purchase(of: 1).autoRenewing == true)
        s.ack(2)
        try s.run("cancel(#2)")
        #expect(s.model.purchase(of: 1).autoRenewing == false)
    }

    @Test("§2.3: the purchase token is unique per purchase and stable across renewals, grace, hold and recovery")
    func tokenLineage() throws {
        var s = try PlayScenario(owning: "basic-monthly")
        try s.run("advanceTime(P1M)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P7D)", "setBilling(ok)")
        #expect(s.model.tokens.map(\.tokenString) == ["token-1"])
        #expect(s.status(1) == .active)
        #expect(s.token(1).orderID == "GPA.1-2", "an order per successful charge: purchase, renewal, recovery")
    }

    @Test("§10.2, Appendix A: products.get purchaseState is 0 purchased, 1 canceled, 2 pending; consumptionState and acknowledgementState 0/1")
    func productPurchaseStates() throws {
        var s = PlayScenario()
        try s.run("purchase(coins100, outcome: pending)")
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(2))
        try s.run("completePending(#1)")
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(0))
        #expect(s.model.productPurchase(of: 0)?["acknowledgementState"] == .int(0))
        s.consume(1)
        #expect(s.model.productPurchase(of: 0)?["consumptionState"] == .int(1))
        #expect(s.model.productPurchase(of: 0)?["acknowledgementState"] == .int(1))
        try s.run("purchase(lifetime, outcome: pending)", "cancelPending(#2)")
        #expect(s.model.productPurchase(of: 1)?["purchaseState"] == .int(1))
    }

    @Test("§10.1: subscriptionsv2 has no startTime while pending, pausedStateContext only when paused, and expiryTime on the line item")
    func subscriptionV2Fields() throws {
        var s = PlayScenario()
        try s.run("purchase(pro-pass30, outcome: pending)")
        #expect(s.model.subscriptionV2(of: 0)?["startTime"] == nil)
        try s.run("completePending(#1)")
        #expect(s.model.subscriptionV2(of: 0)?["startTime"] == .string("2026-01-01T00:00:00Z"))
        try s.run("purchase(basic-monthly)")
        s.ack(2)
        try s.run("pause(#2, P1M)")
        #expect(s.model.subscriptionV2(of: 1)?["pausedStateContext"] == nil)
        try s.run("advanceTime(P1M)")
        #expect(s.model.subscriptionV2(of: 1)?["pausedStateContext"]?["autoResumeTime"] == .string("2026-03-01T00:00:00Z"))
    }

    @Test("§2.3, §2.4 V-INCLUDE-SUSPENDED: subscriptions on hold or paused are left out of queryPurchasesAsync, or listed with isSuspended",
          arguments: [false, true])
    func suspendedInQuery(included: Bool) throws {
        var s = PlayScenario(playVariations { $0.includeSuspended = included })
        try s.run("purchase(basic-monthly)", "purchase(pro-monthly)")
        s.ack(1)
        s.ack(2)
        try s.run("pause(#1, P1M)", "setBilling(fail)")
        #expect(s.model.queryPurchases().map(\.suspended) == [false, false])
        try s.run("advanceTime(P1M)")
        #expect([s.status(1), s.status(2)] == [.paused, .onHold])
        let listed = s.model.queryPurchases()
        #expect(listed.map(\.token) == (included ? ["token-1", "token-2"] : []))
        #expect(listed.allSatisfy { $0.suspended && $0.state == .purchased && $0.json["isSuspended"] == .bool(true) })
        #expect(s.entitled == [])
        try s.run("setBilling(ok)")
        #expect(s.model.queryPurchases().map { "\($0.token) \($0.suspended)" } == (included ? ["token-1 true", "token-2 false"] : ["token-2 false"]))
        #expect(s.model.queryPurchases().last?.json["isSuspended"] == nil, "written only when true")
    }

    @Test("§11: the device clock plays no part; only Google's clock moves the model")
    func googleClockOnly() throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)")
        #expect(s.model.now == utc("2026-01-01T00:00:00Z"))
        try s.run("advanceTime(PT1H)")
        #expect(s.model.now == utc("2026-01-01T01:00:00Z"))
    }
}
