import PurchaseStateMachine
import Testing

@Suite("Family Sharing (§11)")
struct ModelFamilySharingTests {
    @Test("§11: a shared non-consumable arrives through updates as a familyShared transaction and entitles")
    func shareNonConsumable() throws {
        var store = try ScenarioStore()
        let messages = try store.run("familyShare(lifetime)")
        #expect(messages.updates == [1])
        #expect(messages.notificationLabels.isEmpty, "§12.1/§18.9 default: ONE_TIME_CHARGE is sandbox-only")
        let tx = try store.tx(1)
        #expect(tx.ownershipType == .familyShared)
        #expect(store.currentEntitlements == [1], "§3.1: family-shared non-consumables are listed")
        #expect(store.entitled == ["lifetime"])
    }

    @Test("§11: withdrawing a shared non-consumable revokes it at once with reason other")
    func unshareNonConsumable() throws {
        var store = try ScenarioStore()
        try store.run("familyShare(lifetime)", "advanceTime(P2D)")
        store.finish(1)
        let messages = try store.run("familyUnshare(lifetime)")
        #expect(messages.updates == [1], "the same id, updated")
        #expect(messages.notificationLabels == ["REVOKE"])
        let tx = try store.tx(1)
        #expect(tx.revocationDate == utc("2026-01-03T00:00:00Z"))
        #expect(tx.revocationReason == .other)
        #expect(store.currentEntitlements == [])
        #expect(store.entitled == [])
        #expect(try store.entitlement("lifetime") == .revoked)
    }

    @Test("§11/§12.1: a shared subscription adds a familyShared status and a SUBSCRIBED notification")
    func shareSubscription() throws {
        var store = try ScenarioStore()
        let messages = try store.run("familyShare(pro.m)")
        #expect(messages.notificationLabels == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(messages.updates == [1])
        let status = try store.status("G", .familyShared)
        #expect(status.state == .subscribed)
        #expect(try store.tx(1).ownershipType == .familyShared)
        #expect(try store.tx(1).expirationDate == utc("2026-02-01T00:00:00Z"))
        #expect(store.entitled == ["pro.m"])
        #expect(store.currentEntitlements == [1])
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(2).ownershipType == .familyShared, "shared renewals are the member's transactions too")
        #expect(try store.tx(2).reason == .renewal)
    }

    @Test("§11/§12.1: withdrawing a shared subscription revokes the shared status with REVOKE and reason other")
    func unshareSubscription() throws {
        var store = try ScenarioStore()
        try store.run("familyShare(pro.m)")
        let messages = try store.run("familyUnshare(pro.m)")
        #expect(messages.notificationLabels == ["REVOKE"])
        #expect(messages.updates == [1])
        #expect(try store.status("G", .familyShared).state == .revoked)
        #expect(try store.tx(1).revocationReason == .other)
        #expect(store.entitled == [])
        let again = try store.run("familyShare(pro.m)")
        #expect(again.notificationLabels == ["SUBSCRIBED/RESUBSCRIBE"], "sharing again is a resubscription")
    }

    @Test("§11/§16 B1: own status expired plus shared status subscribed is entitled")
    func ownExpiredSharedSubscribed() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)", "familyShare(pro.m)")
        let statuses = try #require(store.model.statuses.first).statuses
        #expect(statuses.map(\.state) == [.expired, .subscribed])
        #expect(statuses.map(\.ownershipType) == [.purchased, .familyShared])
        #expect(store.entitled == ["pro.m"])
        #expect(try store.entitlement("pro.m") == .subscribed)
    }

    @Test("§11/§3.6: with two statuses the app grants the highest level of service among those entitled")
    func highestLevelAcrossStatuses() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "familyShare(pro.m)")
        #expect(store.currentEntitlements == [1, 2], "StoreKit lists both")
        #expect(store.entitled == ["pro.m"], "§17.2: at most one level per group, the highest")
        #expect(try store.entitlement("basic.m") == .supersededInGroup)
        try store.run("familyUnshare(pro.m)")
        #expect(store.entitled == ["basic.m"])
    }

    @Test("§11 (model choice): a shared subscription renews whatever the member's own billing does")
    func sharedIgnoresBilling() throws {
        var store = try ScenarioStore()
        try store.run("familyShare(pro.m)", "setBilling(fail)", "advanceTime(P1M)")
        #expect(try store.status("G", .familyShared).state == .subscribed)
        #expect(store.model.state.transactionCount == 2)
    }

    @Test("§11 (model choice): the customer may buy a product the family already shares; both transactions are listed")
    func ownPurchaseOfSharedProduct() throws {
        var store = try ScenarioStore()
        try store.run("familyShare(lifetime)", "purchase(lifetime)")
        #expect(store.currentEntitlements == [1, 2])
        try store.run("familyUnshare(lifetime)")
        #expect(store.entitled == ["lifetime"], "the own purchase still entitles")
    }
}
