import PurchaseStateMachine
import Testing

@Suite("Refunds, declined refunds and reversals (§9)")
struct ModelRefundTests {
    @Test("§9: a refunded non-consumable gets revocationDate and reason, arrives again with the same id, and leaves currentEntitlements",
          arguments: RevocationReason.allCases)
    func refundNonConsumable(reason: RevocationReason) throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)", "advanceTime(P3D)")
        store.finish(1)
        let messages = try store.run(reason == .other ? "refund(#1)" : "refund(#1, developerIssue)")
        #expect(messages.updates == [1], "§3.4: a revocation is the same id, updated")
        #expect(messages.notificationLabels == ["REFUND"])
        let tx = try store.tx(1)
        #expect(tx.revocationDate == utc("2026-01-04T00:00:00Z"))
        #expect(tx.revocationReason == reason)
        #expect(tx.signedDate == tx.revocationDate, "the updated snapshot is signed at the refund")
        #expect(store.currentEntitlements == [])
        #expect(store.entitled == [])
        #expect(try store.entitlement("lifetime") == .revoked)
        #expect(store.unfinished == [1], "the update is a new delivery for the app to finish")
        #expect(store.model.latestTransaction(for: "lifetime")?.transaction.revocationDate != nil,
                "§3.5 [INF]: latest(for:) is history and may be revoked")
    }

    @Test("§9: a refunded subscription is revoked at once, never renews, and auto-renew is turned off")
    func refundSubscription() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P10D)")
        let messages = try store.run("refund(#1)")
        #expect(messages.notificationLabels == ["REFUND", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
        #expect(messages.updates == [1])
        let status = try store.status("G")
        #expect(status.state == .revoked)
        #expect(status.renewalInfo.willAutoRenew == false)
        #expect(store.entitled == [])
        #expect(store.currentEntitlements == [])
        let later = try store.run("advanceTime(P3M)")
        #expect(later.updates.isEmpty)
        #expect(store.model.state.transactionCount == 1)
    }

    @Test("§9/§7.2: a refund during grace revokes at once and ends billing retry (default)")
    func refundDuringGrace() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P2D)")
        #expect(store.entitled == ["pro.m"])
        try store.run("refund(#1)")
        #expect(try store.status("G").state == .revoked)
        #expect(try store.status("G").renewalInfo.isInBillingRetry == false)
        #expect(store.entitled == [])
        #expect(try store.run("setBilling(ok)").isEmpty, "§18.5 default: nothing left to recover")
        #expect(try store.status("G").state == .revoked)
    }

    @Test("§9/§8: refunding the new plan after an upgrade revokes the group; the upgraded-from plan does not come back")
    func refundUpgradedTo() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.y)", "purchase(pro.m)", "refund(#2)")
        #expect(try store.status("G").state == .revoked)
        #expect(store.entitled == [])
        #expect(try store.entitlement("basic.y") != .subscribed)
    }

    @Test("§9/§8: refunding the upgraded-from transaction revokes only it; the new plan stays entitled")
    func refundUpgradedFrom() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.y)", "purchase(pro.m)")
        let messages = try store.run("refund(#1)")
        #expect(messages.updates == [1])
        #expect(try store.tx(1).revocationDate != nil)
        #expect(try store.status("G").state == .subscribed)
        #expect(store.entitled == ["pro.m"])
        #expect(try store.status("G").renewalInfo.willAutoRenew == false, "§9: a refund request turns auto-renew off")
    }

    @Test("§9 (model choice): refunding an earlier period of a subscription revokes only that transaction")
    func refundEarlierPeriod() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P1M)", "refund(#1)")
        #expect(try store.status("G").state == .subscribed)
        #expect(store.currentEntitlements == [2])
        #expect(store.entitled == ["pro.m"])
    }

    @Test("§9/§3.2: a refunded consumable is back in all after being finished; the credit follows the app's policy")
    func refundConsumable() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100, quantity: 2)")
        store.finish(1)
        #expect(store.all == [])
        try store.run("refund(#1)")
        #expect(store.all == [1])
        #expect(store.currentEntitlements == [], "consumables never appear, refunded or not")
        #expect(try store.balance("coins100") == 200)
        #expect(try store.balance("coins100", policy: AppPolicy(refundedConsumables: .clawBack)) == 0)
    }

    @Test("§9: a declined refund changes nothing and tells only the server")
    func refundDeclined() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)")
        store.finish(1)
        let before = (store.model.state.transaction(1), store.model.statuses, store.currentEntitlements)
        let messages = try store.run("refundDeclined(#1)")
        #expect(messages.notificationLabels == ["REFUND_DECLINED"])
        #expect(messages.appMessages.isEmpty)
        #expect(store.model.state.transaction(1) == before.0)
        #expect(store.model.statuses == before.1)
        #expect(store.currentEntitlements == before.2)
        #expect(store.entitled == ["pro.m"])
        #expect(store.unfinished == [])
    }

    @Test("§9: a reversed refund reinstates a non-consumable and reaches the app (default)")
    func reversalNonConsumable() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)", "refund(#1)")
        store.finishAll()
        let messages = try store.run("refundReversed(#1)")
        #expect(messages.notificationLabels == ["REFUND_REVERSED"])
        #expect(messages.updates == [1])
        #expect(try store.tx(1).revocationDate == nil, "§18.7 [INF]: the revocation is cleared")
        #expect(try store.tx(1).revocationReason == nil)
        #expect(store.currentEntitlements == [1])
        #expect(store.entitled == ["lifetime"])
    }

    @Test("§9: a reversed refund reinstates a subscription with its renewal date unchanged")
    func reversalSubscription() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P5D)", "refund(#1)", "advanceTime(P5D)", "refundReversed(#1)")
        let status = try store.status("G")
        #expect(status.state == .subscribed)
        #expect(try store.tx(1).expirationDate == utc("2026-02-01T00:00:00Z"))
        #expect(store.entitled == ["pro.m"])
        #expect(store.currentEntitlements == [1])
        #expect(status.renewalInfo.willAutoRenew == false, "model choice: the refund turned auto-renew off and it stays off")
        try store.run("advanceTime(P1M)")
        #expect(try store.status("G").state == .expired)
        #expect(try store.status("G").renewalInfo.expirationReason == .autoRenewDisabled)
    }

    @Test("§9: a refund reversed after the period ended leaves the subscription expired")
    func reversalAfterPeriod() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "refund(#1)", "advanceTime(P2M)", "refundReversed(#1)")
        #expect(try store.status("G").state == .expired)
        #expect(store.entitled == [])
    }

    @Test("§9 / B5: a refund makes a finished transaction unfinished again, and relaunch delivers it")
    func refundRedelivers() throws {
        var store = try ScenarioStore()
        try store.run("purchase(adfree)")
        store.finish(1)
        #expect(try store.run("relaunch").appMessages == [.relaunch(unfinished: [])])
        try store.run("refund(#1)")
        let relaunch = try store.run("relaunch")
        guard case .relaunch(let unfinished)? = relaunch.first else {
            Issue.record("expected a relaunch message")
            return
        }
        #expect(unfinished.map(\.transaction.id) == [1])
        #expect(unfinished.first?.transaction.revocationDate != nil)
    }
}

@Suite("Refunds of expired subscriptions (§9)")
struct ModelExpiredRefundTests {
    @Test("§9: refunding the last transaction of an expired subscription makes its status revoked; reversing restores expired with the same reason",
          arguments: [("setAutoRenew(G, off)", ExpirationReason.autoRenewDisabled), ("setBilling(fail)", .billingError)])
    func refundAfterExpiry(lapse: String, reason: ExpirationReason) throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", lapse, "advanceTime(P4M)")
        #expect(try store.status("G").state == .expired)
        let refund = try store.run("refund(#1)")
        #expect(refund.notificationLabels == ["REFUND"])
        #expect(try store.status("G").state == .revoked)
        #expect(try store.entitlement("pro.m") == .revoked)
        try store.run("refundReversed(#1)")
        #expect(try store.status("G").state == .expired)
        #expect(try store.status("G").renewalInfo.expirationReason == reason)
    }
}
