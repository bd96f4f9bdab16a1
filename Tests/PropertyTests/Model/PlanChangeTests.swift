import PurchaseStateMachine
import Testing

/// A change of plan in group N by a customer who never used an introductory offer there
/// (the first purchase redeems an offer code), to a product that has one.
struct NoIntroCase: Sendable, CustomTestStringConvertible {
    var name: String
    var from: String
    var to: String
    /// Whether the change creates its transaction at once (otherwise at the next renewal).
    var immediate: Bool
    var expiration: String
    var testDescription: String { name }
}

@Suite("Upgrades, downgrades and crossgrades (§8)")
struct ModelPlanChangeTests {
    @Test("§8: an upgrade takes effect at once: a new transaction and period, the old one marked isUpgraded")
    func upgrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.y)", "advanceTime(P20D)")
        store.finish(1)
        let messages = try store.run("purchase(pro.m)")
        #expect(messages.appMessages.count == 2)
        #expect(messages.updates == [1], "§8/§18.1: the upgraded-from transaction reaches the app (default: before the result)")
        #expect(messages.purchaseResults == ["success #2"])
        #expect(messages.notificationLabels == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
        let old = try store.tx(1)
        #expect(old.isUpgraded)
        #expect(old.revocationDate == nil, "§8: isUpgraded is not a refund")
        let new = try store.tx(2)
        #expect(new.purchaseDate == utc("2026-01-21T00:00:00Z"))
        #expect(new.expirationDate == utc("2026-02-21T00:00:00Z"), "a new billing period starts now")
        #expect(new.originalID == 1, "§18.2 default: the originalID is kept")
        #expect(new.reason == .purchase)
        #expect(store.currentEntitlements == [2])
        #expect(store.entitled == ["pro.m"])
        #expect(try store.entitlement("basic.y") == .supersededInGroup)
        let status = try store.status("G")
        #expect(status.transactionID == 2)
        #expect(status.renewalInfo.autoRenewPreference == "pro.m")
    }

    @Test("§1: one subscription per group at a time: buying another product of the group changes the plan")
    func oneSubscriptionPerGroup() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "purchase(pro.m)", "purchase(pro.y)", "purchase(weekly)")
        let groups = store.model.statuses
        #expect(groups.map(\.group) == ["G", "W"])
        #expect(groups.map(\.statuses.count) == [1, 1])
        #expect(store.currentEntitlements == [2, 3])
        #expect(store.entitled == ["pro.m", "weekly"])
    }

    @Test("§8: a downgrade takes effect at the next renewal; until then only autoRenewPreference changes")
    func downgrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P10D)")
        let messages = try store.run("purchase(basic.m)")
        #expect(messages.purchaseResults == ["success #1"], "model choice: the result carries the current transaction")
        #expect(messages.updates.isEmpty)
        #expect(messages.notificationLabels == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
        #expect(store.model.state.transactionCount == 1, "§8: no new transaction until renewal")
        var status = try store.status("G")
        #expect(status.transactionID == 1, "currentProductID stays the old product")
        #expect(status.renewalInfo.autoRenewPreference == "basic.m")
        #expect(store.currentEntitlements == [1])
        #expect(store.entitled == ["pro.m"])
        let renewal = try store.run("advanceTime(P1M)")
        #expect(renewal.updates == [2])
        #expect(renewal.notificationLabels == ["DID_RENEW"])
        let tx = try store.tx(2)
        #expect(tx.productID == "basic.m")
        #expect(tx.reason == .renewal)
        #expect(tx.originalID == 1)
        #expect(tx.offerType == nil, "§10: no introductory offer on a downgrade")
        #expect(tx.purchaseDate == utc("2026-02-01T00:00:00Z"))
        #expect(tx.expirationDate == utc("2026-03-01T00:00:00Z"))
        status = try store.status("G")
        #expect(status.renewalInfo.autoRenewPreference == "basic.m")
        #expect(store.entitled == ["basic.m"])
    }

    @Test("§8: choosing the current plan again cancels a pending downgrade with DID_CHANGE_RENEWAL_PREF and no subtype")
    func revertDowngrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "purchase(basic.m)")
        let revert = try store.run("setAutoRenew(G, on)")
        #expect(revert.notificationLabels == ["DID_CHANGE_RENEWAL_PREF"])
        #expect(try store.status("G").renewalInfo.autoRenewPreference == "pro.m")
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(2).productID == "pro.m")
    }

    @Test("§8 (model choice): a downgrade after auto-renew was turned off turns it back on, to the new product")
    func downgradeReenablesAutoRenew() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setAutoRenew(G, off)", "purchase(basic.m)")
        let info = try store.status("G").renewalInfo
        #expect(info.willAutoRenew)
        #expect(info.autoRenewPreference == "basic.m")
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(2).productID == "basic.m")
    }

    @Test("§8: a crossgrade to the same duration takes effect at once, like an upgrade")
    func sameDurationCrossgrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P5D)")
        let messages = try store.run("purchase(pro.m2)")
        #expect(messages.purchaseResults == ["success #2"])
        #expect(messages.notificationLabels == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"], "§18.3 default subtype")
        #expect(try store.tx(1).isUpgraded)
        #expect(try store.tx(2).expirationDate == utc("2026-02-06T00:00:00Z"))
        #expect(store.entitled == ["pro.m2"])
    }

    @Test("§8: a crossgrade to a different duration takes effect at the next renewal")
    func differentDurationCrossgrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)")
        let messages = try store.run("purchase(pro.y)")
        #expect(messages.notificationLabels == ["DID_CHANGE_RENEWAL_PREF"], "§8/§18.3 default: no subtype")
        #expect(store.model.state.transactionCount == 1)
        #expect(try store.status("G").renewalInfo.autoRenewPreference == "pro.y")
        try store.run("advanceTime(P1M)")
        let tx = try store.tx(2)
        #expect(tx.productID == "pro.y")
        #expect(tx.expirationDate == utc("2027-02-01T00:00:00Z"))
        #expect(try store.tx(1).isUpgraded == false, "a delayed change marks nothing upgraded")
    }

    @Test("§8: upgrading from a monthly to a yearly plan of a higher level bills a new yearly period now")
    func upgradeToLongerPeriod() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "advanceTime(P3D)", "purchase(pro.y)")
        #expect(try store.tx(2).expirationDate == utc("2027-01-04T00:00:00Z"))
        #expect(try store.tx(1).isUpgraded)
        try store.run("advanceTime(P1Y)")
        #expect(try store.tx(3).productID == "pro.y", "the upgraded plan renews, not the old one")
    }

    @Test("§8: an upgrade while a downgrade is pending replaces the pending change")
    func upgradeAfterDowngrade() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "purchase(basic.y)", "purchase(pro.m2)")
        #expect(try store.status("G").renewalInfo.autoRenewPreference == "pro.m2")
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(3).productID == "pro.m2")
    }

    static let noIntro: [NoIntroCase] = [
        NoIntroCase(name: "§8/§10: an upgrade never gets the new product's introductory offer",
                    from: "news.y", to: "news.m", immediate: true, expiration: "2026-02-01T00:00:00Z"),
        NoIntroCase(name: "§8/§10: a same-duration crossgrade never gets the introductory offer",
                    from: "news.m", to: "news.m2", immediate: true, expiration: "2026-02-01T00:00:00Z"),
        NoIntroCase(name: "§8/§10: a different-duration crossgrade never gets the introductory offer",
                    from: "news.m", to: "news.q", immediate: false, expiration: "2026-05-01T00:00:00Z"),
        NoIntroCase(name: "§8/§10: a downgrade never gets the introductory offer",
                    from: "news.m", to: "news.y", immediate: false, expiration: "2027-02-01T00:00:00Z"),
    ]

    @Test("Changes of plan are never introductory", arguments: noIntro)
    func noIntroOnChange(_ c: NoIntroCase) throws {
        var store = try ScenarioStore()
        try store.run("purchase(\(c.from), offer: code)")
        #expect(store.model.isEligibleForIntroOffer(group: "N"))
        try store.run("purchase(\(c.to))")
        if !c.immediate { try store.run("advanceTime(P1M)") }
        let tx = try store.tx(2)
        #expect(tx.productID == c.to)
        #expect(tx.reason == (c.immediate ? .purchase : .renewal))
        #expect(tx.offerType == nil)
        #expect(tx.expirationDate == utc(c.expiration), "a regular period, not the offer's")
        try store.run("advanceTime(P1Y)")
        #expect(try store.tx(3).offerType == nil, "nor on the renewals that follow")
        #expect(store.model.isEligibleForIntroOffer(group: "N"), "a change does not use up eligibility")
    }
}
