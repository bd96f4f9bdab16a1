import PurchaseStateMachine
import Testing

@Suite("Google Play: purchases, pending, acknowledgement, consumption (§2–§5)")
struct PlayOneTimeTests {
    @Test("§2.1: a paid purchase reaches onPurchasesUpdated as PURCHASED with OK, and the backend gets ONE_TIME_PRODUCT_PURCHASED")
    func paidPurchase() throws {
        var s = PlayScenario()
        let effects = try s.run("purchase(lifetime)")
        #expect(effects.listenerCalls.map(\.0) == [.ok])
        #expect(effects.listenerCalls.first?.1.map(\.state) == [.purchased])
        #expect(effects.notificationTypes == ["ONE_TIME_PRODUCT_PURCHASED"])
        #expect(s.entitled == ["lifetime"])
        #expect(s.token(1).orderID != nil)
    }

    @Test("§2.1: while the app is in the background nothing reaches the listener; the query at resume finds the completed purchase")
    func listenerOnlyWhileConnected() throws {
        var s = PlayScenario()
        try s.run("purchase(coins100, outcome: pending)", "background")
        let completed = try s.run("completePending(#1)")
        #expect(completed.listenerCalls.isEmpty)
        #expect(s.clientEntitled == [], "the app was not told")
        let resumed = try s.run("resumeApp")
        guard case .connected(.resume, let purchases)? = resumed.messages.first else {
            Issue.record("expected a resume query")
            return
        }
        #expect(purchases.map(\.state) == [.purchased])
        #expect(s.model.seenPaid == [true])
    }

    @Test("§2.3, §3: a pending purchase has no orderId, does not entitle, and gets one when it completes")
    func pendingHasNoOrderID() throws {
        var s = PlayScenario()
        let effects = try s.run("purchase(lifetime, outcome: pending)")
        #expect(effects.listenerCalls.first?.1.first?.state == .pending)
        #expect(effects.listenerCalls.first?.1.first?.orderID == nil)
        #expect(effects.notificationTypes == [], "no RTDN until completion")
        #expect(s.entitled == [])
        #expect(s.ack(1) == .error, "§3: never acknowledge while PENDING")
        let done = try s.run("completePending(#1)")
        #expect(done.notificationTypes == ["ONE_TIME_PRODUCT_PURCHASED"])
        #expect(s.token(1).orderID != nil)
        #expect(s.entitled == ["lifetime"])
    }

    @Test("§3: the acknowledgement window starts when the purchase becomes PURCHASED, not when it was started")
    func windowStartsAtPurchased() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime, outcome: pending)", "advanceTime(P2D)", "completePending(#1)", "advanceTime(P2D)")
        #expect(s.status(1) == .purchased)
        let effects = try s.run("advanceTime(P1D)")
        #expect(effects.lapsed == [1])
        #expect(s.status(1) == .voided)
    }

    @Test("§3: a canceled pending purchase never entitles and sends ONE_TIME_PRODUCT_CANCELED")
    func pendingCanceled() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime, outcome: pending)")
        let effects = try s.run("cancelPending(#1)")
        #expect(effects.notificationTypes == ["ONE_TIME_PRODUCT_CANCELED"])
        #expect(s.status(1) == .pendingCanceled)
        #expect(s.entitled == [])
    }

    @Test("§3 V-PENDING-TIMEOUT: an unpaid pending purchase is canceled after the timeout", arguments: [1, 2, 3, 7])
    func pendingTimeout(days: Int) throws {
        var s = PlayScenario(playVariations { $0.pendingTimeoutDays = days })
        try s.run("purchase(lifetime, outcome: pending)", "advanceTime(PT\(days * 24 - 1)H)")
        #expect(s.status(1) == .pending)
        try s.run("advanceTime(PT1H)")
        #expect(s.status(1) == .pendingCanceled)
    }

    @Test("§3 V-PENDING-BLOCKS-REBUY: buying again while pending gives ITEM_ALREADY_OWNED, or a second purchase", arguments: [true, false])
    func pendingBlocksRebuy(blocks: Bool) throws {
        var s = PlayScenario(playVariations { $0.pendingBlocksRebuy = blocks })
        try s.run("purchase(lifetime, outcome: pending)")
        let effects = try s.run("purchase(lifetime)")
        #expect(effects.listenerCalls.map(\.0) == [blocks ? .itemAlreadyOwned : .ok])
        #expect(s.model.tokens.count == (blocks ? 1 : 2))
    }

    @Test("§4: a purchase not acknowledged within three days is refunded and revoked; one acknowledged in time is kept",
          arguments: [false, true])
    func threeDayWindow(acknowledged: Bool) throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)")
        if acknowledged { #expect(s.ack(1) == .ok) }
        try s.run("advanceTime(PT71H59M)")
        #expect(s.status(1) == .purchased)
        let effects = try s.run("advanceTime(PT1M)")
        #expect(effects.lapsed == (acknowledged ? [] : [1]))
        #expect(s.status(1) == (acknowledged ? .purchased : .voided))
        #expect(effects.notificationTypes == (acknowledged ? [] : ["VOIDED_PURCHASE"]))
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(acknowledged ? 0 : 1))
    }

    @Test("§4: consuming fulfils the acknowledgement requirement")
    func consumeCountsAsAcknowledgement() throws {
        var s = PlayScenario()
        try s.run("purchase(coins100)")
        #expect(s.consume(1) == .ok)
        #expect(s.token(1).acknowledged)
        let effects = try s.run("advanceTime(P4D)")
        #expect(effects.lapsed == [])
    }

    @Test("§4 V-REACK: a second acknowledgement is an ERROR, or an OK that changes nothing", arguments: [false, true])
    func reacknowledge(succeeds: Bool) throws {
        var s = PlayScenario(playVariations { $0.reacknowledgeSucceeds = succeeds })
        try s.run("purchase(lifetime)")
        #expect(s.ack(1) == .ok)
        let before = s.model.tokens
        #expect(s.ack(1) == (succeeds ? .ok : .error))
        #expect(s.model.tokens == before)
        try s.run("purchase(coins100)")
        #expect(s.consume(2) == .ok)
        #expect(s.ack(2) == .error, "a consumed purchase is not owned any more, whatever V-REACK says")
    }

    @Test("§4 V-REACK: acknowledging a purchase that arrived acknowledged (V-AUTO-ACK) follows the variation", arguments: [false, true])
    func reacknowledgeAutoAcknowledged(succeeds: Bool) throws {
        var s = PlayScenario(playVariations { $0.autoAcknowledge = true; $0.reacknowledgeSucceeds = succeeds })
        try s.run("purchase(pro-monthly)")
        #expect(s.ack(1) == (succeeds ? .ok : .error))
        #expect(s.status(1) == .active)
    }

    @Test("§4 V-AUTO-ACK: a Play Points purchase arrives acknowledged and never lapses")
    func autoAcknowledge() throws {
        var s = PlayScenario(playVariations { $0.autoAcknowledge = true })
        try s.run("purchase(lifetime)", "advanceTime(P5D)")
        #expect(s.token(1).acknowledged)
        #expect(s.status(1) == .purchased)
    }

    @Test("§4: a prepaid plan shorter than a week must be acknowledged within half its length")
    func shortPrepaidDeadline() throws {
        let catalog = PlayCatalog(subscriptions: [PlaySubscription(id: "pass", basePlans: [PlayBasePlan(id: "pass-3d", kind: .prepaid, period: .days(3))])])
        var s = PlayScenario(catalog: catalog)
        try s.run("purchase(pass-3d)", "advanceTime(PT35H59M)")
        #expect(s.status(1) == .active)
        let effects = try s.run("advanceTime(PT1M)")
        #expect(effects.lapsed == [1])
        #expect(effects.notificationTypes == ["VOIDED_PURCHASE", "SUBSCRIPTION_REVOKED"])
    }

    @Test("§5: an unconsumed item cannot be bought again (ITEM_ALREADY_OWNED); once consumed it can, with a new token")
    func consumeThenRebuy() throws {
        var s = PlayScenario()
        try s.run("purchase(coins100)")
        #expect(try s.run("purchase(coins100)").listenerCalls.map(\.0) == [.itemAlreadyOwned])
        #expect(s.consume(1) == .ok)
        #expect(s.queried == [], "§5: a consumed item drops out of queryPurchasesAsync")
        #expect(try s.run("purchase(coins100)").listenerCalls.map(\.0) == [.ok])
        #expect(s.model.tokens.map(\.tokenString) == ["token-1", "token-2"])
    }

    @Test("§5: consuming what is not owned gives ITEM_NOT_OWNED; subscriptions cannot be consumed")
    func consumeNotOwned() throws {
        var s = PlayScenario()
        #expect(s.consume(1) == .itemNotOwned)
        try s.run("purchase(pro-monthly)")
        #expect(s.consume(1) == .itemNotOwned)
        try s.run("purchase(coins100)")
        #expect(s.consume(2) == .ok)
        #expect(s.consume(2) == .itemNotOwned)
    }

    @Test("§5: a multi-quantity purchase is one token with quantity n, and the app owes n credits once")
    func multiQuantity() throws {
        var s = PlayScenario()
        let effects = try s.run("purchase(coins100, quantity: 3)")
        #expect(effects.listenerCalls.first?.1.first?.quantity == 3)
        #expect(s.model.tokens.count == 1)
        #expect(s.model.expectedCredit("coins100", knowsEverything: false, withoutVoided: false) == 3)
    }

    @Test("§2.2 V-AMBIGUOUS-RESULT: a failed flow may still have charged; the purchase shows up in the next query", arguments: [false, true])
    func ambiguousResult(charged: Bool) throws {
        var s = PlayScenario(playVariations { $0.purchaseExistsAfterError = charged })
        let effects = try s.run("purchase(lifetime, outcome: failed)")
        #expect(effects.listenerCalls.map(\.0) == [.error])
        #expect(s.clientEntitled == [])
        try s.run("relaunch")
        #expect(s.clientEntitled == (charged ? ["lifetime"] : []))
    }

    @Test("§2.4 V-PENDING-RETURNED-BY-QUERY: whether queryPurchasesAsync lists a PENDING purchase", arguments: [true, false])
    func pendingInQuery(listed: Bool) throws {
        var s = PlayScenario(playVariations { $0.pendingReturnedByQuery = listed })
        try s.run("purchase(lifetime, outcome: pending)")
        #expect(s.queried == (listed ? ["token-1"] : []))
    }

    @Test("§2.1 V-LISTENER-DUPLICATES: one purchase may reach onPurchasesUpdated up to three times", arguments: [0, 1, 2])
    func listenerDuplicates(extra: Int) throws {
        var s = PlayScenario(playVariations { $0.listenerDuplicates = extra })
        #expect(try s.run("purchase(coins100)").listenerCalls.count == 1 + extra)
    }
}
