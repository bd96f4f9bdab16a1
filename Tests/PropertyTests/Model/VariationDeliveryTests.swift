import PurchaseStateMachine
import Testing

/// A store whose variations differ from the default by `change`.
private func store(_ change: (inout StoreVariations) -> Void) throws -> ScenarioStore {
    try ScenarioStore(settings: variationSettings(change))
}

@Suite("Store variations about delivery, ordering and notifications (§3.4, §5.2, §9, §12, §18)")
struct ModelVariationDeliveryTests {
    @Test("declinedAskToBuyReportsFailure (§18.4): a declined request reaches the app as a late failed result")
    func declinedReportsFailure() throws {
        var on = try store { $0.declinedAskToBuyReportsFailure = true }
        try on.run("purchase(lifetime, outcome: pending)")
        let messages = try on.run("askToBuy(1, decline)")
        #expect(messages.purchaseResults == ["failed"])
        #expect(on.model.state.transactionCount == 0)
    }

    @Test("refundReversalDelivered (§18.7): when off, a reversal reaches the app only through the views")
    func reversalNotDelivered() throws {
        var off = try store { $0.refundReversalDelivered = false }
        try off.run("purchase(lifetime)", "refund(#1)")
        off.finishAll()
        let messages = try off.run("refundReversed(#1)")
        #expect(messages.updates.isEmpty)
        #expect(messages.notificationLabels == ["REFUND_REVERSED"], "the server still hears of it")
        #expect(off.unfinished.isEmpty)
        #expect(off.currentEntitlements == [1])
        #expect(off.entitled == ["lifetime"])
    }

    @Test("oneTimeChargeNotifications (§12.1/§18.9): one-time purchases and shared non-consumables send ONE_TIME_CHARGE")
    func oneTimeCharge() throws {
        var on = try store { $0.oneTimeChargeNotifications = true }
        let messages = try on.run("purchase(coins100)", "purchase(adfree)", "purchase(pass30)", "familyShare(lifetime)")
        #expect(messages.notificationLabels == Array(repeating: "ONE_TIME_CHARGE", count: 4))
        #expect(try on.run("purchase(pro.m)").notificationLabels == ["SUBSCRIBED/INITIAL_BUY"])
    }

    @Test("duplicateUpdates (§3.4/§18.10, B5): every update and every launch redelivery arrives twice")
    func duplicateUpdates() throws {
        var on = try store { $0.duplicateUpdates = true }
        try on.run("purchase(pro.m)")
        #expect(try on.run("advanceTime(P1M)").updates == [2, 2])
        let relaunch = try on.run("relaunch")
        guard case .relaunch(let unfinished)? = relaunch.first else {
            Issue.record("expected a relaunch")
            return
        }
        #expect(unfinished.map(\.transaction.id) == [1, 1, 2, 2])
    }

    @Test("syncReplaysLatestRenewal (§3.4, B5): restore puts the latest renewal back among the unfinished")
    func syncReplays() throws {
        var on = try store { $0.syncReplaysLatestRenewal = true }
        try on.run("purchase(pro.m)", "advanceTime(P2M)")
        on.finishAll()
        try on.run("restore")
        #expect(on.unfinished == [3])
        var off = try ScenarioStore()
        try off.run("purchase(pro.m)", "advanceTime(P2M)")
        off.finishAll()
        try off.run("restore")
        #expect(off.unfinished == [])
    }

    @Test("purchaseAlsoDeliveredAsUpdate (§3.4 [OBS]): a purchase in the app is also emitted on updates")
    func purchaseAsUpdate() throws {
        var on = try store { $0.purchaseAlsoDeliveredAsUpdate = true }
        let messages = try on.run("purchase(adfree)")
        #expect(messages.purchaseResults == ["success #1"])
        #expect(messages.updates == [1])
    }

    @Test("currentEntitlementsNewestFirst (B1): currentEntitlements lists the newest transaction first")
    func newestFirst() throws {
        var on = try store { $0.currentEntitlementsNewestFirst = true }
        try on.run("purchase(adfree)", "purchase(pro.m)", "purchase(lifetime)")
        #expect(on.currentEntitlements == [3, 2, 1])
        #expect(on.entitled == ["lifetime", "adfree", "pro.m"])
    }

    @Test("sharedStatusFirst (§11, B1): a group's Family Sharing status is listed before the customer's own")
    func sharedFirst() throws {
        var on = try store { $0.sharedStatusFirst = true }
        try on.run("purchase(basic.m)", "familyShare(pro.m)")
        #expect(on.model.statuses.first?.statuses.map(\.ownershipType) == [.familyShared, .purchased])
        #expect(on.entitled == ["pro.m"], "entitlement does not depend on the order")
    }

    @Test("notificationsDuplicated (§12.3): each server notification is sent twice with the same UUID")
    func notificationsDuplicated() throws {
        var on = try store { $0.notificationsDuplicated = true }
        let messages = try on.run("purchase(pro.m)")
        let notifications = messages.compactMap { if case .notification(let n) = $0 { return n } else { return nil } }
        #expect(notifications.count == 2)
        #expect(notifications.first == notifications.last)
    }

    @Test("notificationsReordered (§12.3): the notifications of one event arrive in reverse order")
    func notificationsReordered() throws {
        var on = try store { $0.notificationsReordered = true }
        try on.run("purchase(pro.m)")
        let messages = try on.run("refund(#1)")
        #expect(messages.notificationLabels == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND"])
        #expect(messages.updates == [1], "app messages keep their places")
    }

    @Test("legacyTransactionReceipts (§9.1): the model's views do not depend on it (only a receipts layer reads it)")
    func legacyReceipts() throws {
        var on = try store { $0.legacyTransactionReceipts = true }
        var off = try ScenarioStore()
        let events = ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P3M)", "purchase(lifetime)", "refund(#2)"]
        var onMessages: [StoreMessage] = []
        var offMessages: [StoreMessage] = []
        for event in events {
            onMessages += try on.run(event)
            offMessages += try off.run(event)
        }
        #expect(onMessages == offMessages)
        #expect(on.model.statuses == off.model.statuses)
        #expect(on.model.allTransactions == off.model.allTransactions)
    }

    @Test("Every switch has a unique name and a source section, and the defaults are StoreVariations()")
    func switchCatalogue() {
        let names = StoreVariations.switches.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 21)
        #expect(StoreVariations.switches.allSatisfy { $0.source.contains("§") })
        #expect(StoreVariations().nonDefaultSettings.isEmpty)
    }

    @Test("Each switch can be flipped on its own and is then the only non-default setting",
          arguments: StoreVariations.switches.map(\.name))
    func flipEach(name: String) throws {
        let sw = try #require(StoreVariations.switches.first { $0.name == name })
        var variations = StoreVariations()
        sw.set(&variations, !sw.get(variations))
        #expect(variations.nonDefaultSettings.map(\.name) == [name])
        #expect(variations != StoreVariations())
    }
}
