import PurchaseStateMachine
import Testing

/// [DOC] facts of the contract that had no named test of their own (docs/PlayDocFacts.md lists
/// every fact and its test).
@Suite("Google Play: contract facts without a suite of their own")
struct PlayContractGapTests {
    @Test("§3, §4: acknowledging or consuming a PENDING purchase is refused with ERROR and starts nothing")
    func noAcknowledgementWhilePending() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime, outcome: pending)", "purchase(coins100, outcome: pending)")
        #expect(s.ack(1) == .error)
        #expect(s.consume(2) == .error)
        #expect(!s.token(1).acknowledged && !s.token(2).consumed)
        #expect(s.token(1).ackDeadline == nil, "the window starts only at PURCHASED")
    }

    @Test("§3: a pending top-up keeps the old prepaid plan until it completes; canceled, the old access remains", arguments: [true, false])
    func pendingTopUp(completes: Bool) throws {
        var s = PlayScenario()
        try s.run("purchase(pro-pass30)")
        s.ack(1)
        try s.run("advanceTime(P10D)", "purchase(pro-pass30, outcome: pending)")
        #expect(s.token(2).linkedToken == 1)
        #expect(s.status(1) == .active && s.status(2) == .pending)
        #expect(s.entitled == ["pro"])
        let effects = try s.run(completes ? "completePending(#2)" : "cancelPending(#2)")
        #expect(effects.notificationTypes.last == (completes ? "SUBSCRIPTION_PURCHASED" : "SUBSCRIPTION_PENDING_PURCHASE_CANCELED"))
        #expect(s.status(1) == (completes ? .replaced : .active))
        #expect(s.entitled == ["pro"])
        if completes {
            #expect(s.token(2).purchasedAt == s.model.now, "§2.3: purchaseTime is the latest top-up's")
            #expect(s.token(2).subscription?.expiry == s.token(1).subscription?.expiry.adding(.days(30)), "§1: the time accumulates")
        }
    }

    @Test("§6.5, §10.1: canceledStateContext names a user cancel and a system cancel at the end of hold; acknowledgementState follows acknowledgement")
    func canceledStateContext() throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)")
        #expect(s.model.subscriptionV2(of: 0)?["acknowledgementState"] == .string("ACKNOWLEDGEMENT_STATE_PENDING"))
        s.ack(1)
        #expect(s.model.subscriptionV2(of: 0)?["acknowledgementState"] == .string("ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"))
        try s.run("cancel(#1)")
        #expect(s.model.subscriptionV2(of: 0)?["canceledStateContext"] == .string("userInitiatedCancellation"))
        try s.run("purchase(pro-yearly)")
        s.ack(2)
        try s.run("setBilling(fail)", "advanceTime(P1Y)", "advanceTime(P60D)")
        #expect(s.state(2) == "SUBSCRIPTION_STATE_EXPIRED")
        #expect(s.model.subscriptionV2(of: 1)?["canceledStateContext"] == .string("systemInitiatedCancellation"))
    }

    @Test("§8: once a subscription has ended, refunding one of its older orders revokes nothing (the event is refused)")
    func olderOrder() throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)")
        s.ack(1)
        try s.run("cancel(#1)", "advanceTime(P1M)")
        #expect(s.status(1) == .expired)
        #expect(try s.rejects("void(#1, refund)"))
    }

    @Test("§10.1, §10.2: a license tester's purchases carry testPurchase and purchaseType 0 (test); a customer's carry neither")
    func testPurchase() throws {
        var c = PlayCatalog.example
        c.licenseTesting = true
        for (catalog, tester) in [(c, true), (PlayCatalog.example, false)] {
            var s = PlayScenario(catalog: catalog)
            try s.run("purchase(basic-monthly)", "purchase(lifetime)")
            #expect((s.model.subscriptionV2(of: 0)?["testPurchase"] != nil) == tester)
            #expect(s.model.productPurchase(of: 1)?["purchaseType"] == (tester ? .int(0) : nil))
        }
    }
}
