import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine
import Testing

/// `Purchase.getPendingPurchaseUpdate()` (§2.3, §3): a pending top-up, upgrade or downgrade.
@Suite("Google Play: pending purchase updates")
struct PlayPendingUpdateTests {
    @Test("§2.3, §3: a pending top-up reaches the app as the old purchase with a PendingPurchaseUpdate naming the new token and products")
    func pendingTopUp() throws {
        var s = try PlayScenario(owning: "pro-pass30")
        let effects = try s.run("purchase(pro-pass30, outcome: pending)")
        let delivered = try #require(effects.listenerCalls.first?.1.first)
        #expect(effects.listenerCalls.map(\.0) == [.ok])
        #expect(delivered.token == "token-1" && delivered.state == .purchased, "the old purchase, still owned")
        #expect(delivered.pendingUpdate == PlayPendingPurchaseUpdate(products: ["pro"], token: "token-2"))
        #expect(delivered.json["pendingPurchaseUpdate"]?["purchaseToken"] == .string("token-2"))
        #expect(s.clientEntitled == ["pro"], "the old access remains")
        // A query names the pending update too, until the payment completes.
        try s.run("relaunch")
        #expect(s.model.queryPurchases().first { $0.token == "token-1" }?.pendingUpdate?.token == "token-2")
        let done = try s.run("completePending(#2)")
        let completed = try #require(done.listenerCalls.first?.1.first)
        #expect(completed.token == "token-2" && completed.state == .purchased && completed.pendingUpdate == nil)
        #expect(completed.replacing == "token-1")
    }

    @Test("§2.3, §3: a pending switch to another plan names the new purchase on the old one; once the payment is canceled the update is gone and the old access remains")
    func pendingUpgradeCanceled() throws {
        var s = try PlayScenario(owning: "pro-yearly")
        try s.run("cancel(#1)")
        let effects = try s.run("purchase(pro-pass30, outcome: pending)")
        #expect(effects.listenerCalls.first?.1.first?.pendingUpdate == PlayPendingPurchaseUpdate(products: ["pro"], token: "token-2"))
        #expect(s.token(2).linkedToken == 1)
        try s.run("cancelPending(#2)")
        #expect(s.model.purchase(of: 0).pendingUpdate == nil)
        #expect(s.entitled == ["pro"])
        #expect(s.status(1) == .canceled, "the canceled yearly plan runs on")
        // A pending purchase that replaces nothing reaches the app as itself, with no update.
        var plain = PlayScenario()
        let own = try plain.run("purchase(pro-pass30, outcome: pending)")
        #expect(own.listenerCalls.first?.1.first?.token == "token-1")
        #expect(own.listenerCalls.first?.1.first?.state == .pending)
    }

    @Test("§3: the reference app and backend keep the old access through a pending top-up and swap on completion")
    func referencesFollow() throws {
        for last in ["completePending(#2)", "cancelPending(#2)"] {
            let events = ["purchase(pro-pass30)", "purchase(pro-pass30, outcome: pending)", "relaunch", last, "relaunch"]
            let history = PlayHistory(events: try events.map { try PlayEvent(compact: $0) })
            #expect(PlayBuiltInSubjects.referenceFailures(history) == [], "\(last)")
        }
        // A backend learns the new token from the update: here it hears of it no other way before it
        // completes (the app is in the background and the RTDN is late); the old token reads EXPIRED,
        // or still ACTIVE under V-OLD-TOKEN-API-VALID, and the new one carries the access.
        for readsActive in [false, true] {
            var late = PlayHistory(events: try ["purchase(pro-pass30)", "purchase(pro-pass30, outcome: pending)", "background", "completePending(#2)"]
                .map { try PlayEvent(compact: $0) })
            late.variations = playVariations { $0.replacedTokenReadsActive = readsActive; $0.notificationDelay = 1 }
            let server = try #require(PlayBuiltInSubjects.named("play-reference-server")).replay(late)
            #expect(server.failure == nil, "\(server.failure.map { "\($0.check)" } ?? ""), V-OLD-TOKEN-API-VALID \(readsActive)")
        }
    }
}
