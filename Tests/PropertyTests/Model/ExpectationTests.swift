import PurchaseStateMachine
import Testing

/// A history and the entitlement status a correct app gives one product after it.
struct EntitlementStatusCase: Sendable, CustomTestStringConvertible {
    var name: String
    var events: [String]
    var product: String
    var status: EntitlementStatus
    var testDescription: String { name }
}

@Suite("Expected app behaviour: entitlement statuses and balances (§17)")
struct ModelExpectationTests {
    static let statuses: [EntitlementStatusCase] = [
        EntitlementStatusCase(name: "Never bought is notPurchased", events: [], product: "lifetime", status: .notPurchased),
        EntitlementStatusCase(name: "§3.1: a consumable is notPurchased even after buying it", events: ["purchase(coins100)"],
                   product: "coins100", status: .notPurchased),
        EntitlementStatusCase(name: "§3.1: a verified non-consumable is owned", events: ["purchase(adfree)"], product: "adfree",
                   status: .owned),
        EntitlementStatusCase(name: "§1: a non-renewing subscription inside its period is owned", events: ["purchase(pass30)"],
                   product: "pass30", status: .owned),
        EntitlementStatusCase(name: "§1: a non-renewing subscription past its period is expired",
                   events: ["purchase(pass30)", "advanceTime(P30D)"], product: "pass30", status: .expired),
        EntitlementStatusCase(name: "§9: a refunded non-renewing subscription is revoked",
                   events: ["purchase(pass30)", "refund(#1)"], product: "pass30", status: .revoked),
        EntitlementStatusCase(name: "§7.3: a subscribed subscription is subscribed", events: ["purchase(pro.m)"], product: "pro.m",
                   status: .subscribed),
        EntitlementStatusCase(name: "§7.2: a subscription in grace is inGracePeriod",
                   events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"], product: "pro.m",
                   status: .inGracePeriod),
        EntitlementStatusCase(name: "§7.2: a subscription in billing retry is inBillingRetry",
                   events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P2M)"], product: "pro.m",
                   status: .inBillingRetry),
        EntitlementStatusCase(name: "§5.2: only a pending Ask to Buy request is pending",
                   events: ["purchase(pro.m, outcome: pending)"], product: "pro.m", status: .pending),
        EntitlementStatusCase(name: "§2.1: an unverified subscription is unverified",
                   events: ["purchase(pro.m, outcome: unverified)"], product: "pro.m", status: .unverified),
        EntitlementStatusCase(name: "§2.1: an unverified non-renewing subscription is unverified",
                   events: ["purchase(pass30, outcome: unverified)"], product: "pass30", status: .unverified),
        EntitlementStatusCase(name: "§8: the upgraded-from product is supersededInGroup while its old period lasts",
                   events: ["purchase(basic.y)", "purchase(pro.m)"], product: "basic.y", status: .supersededInGroup),
        EntitlementStatusCase(name: "§8: after the old period the upgraded-from product is just expired",
                   events: ["purchase(basic.m, offer: code)", "purchase(pro.y)", "advanceTime(P2M)"],
                   product: "basic.m", status: .expired),
        EntitlementStatusCase(name: "§8: the product left behind by a downgrade is expired once the downgrade renews",
                   events: ["purchase(pro.m)", "purchase(basic.m)", "advanceTime(P1M)"], product: "pro.m",
                   status: .expired),
    ]

    @Test("Each entitlement status arises from its history", arguments: statuses)
    func status(_ c: EntitlementStatusCase) throws {
        var store = try ScenarioStore()
        for event in c.events { try store.run(event) }
        #expect(try store.entitlement(c.product) == c.status)
        #expect(store.entitled.contains(c.product) == c.status.isEntitled)
    }

    @Test("§17.2: at most one level per group is entitled, the highest, even when StoreKit lists two")
    func oneLevelPerGroup() throws {
        var variations = StoreVariations()
        variations.upgradedTransactionInCurrentEntitlements = true
        var store = try ScenarioStore(settings: StoreSettings(variations: variations))
        try store.run("purchase(basic.y)", "purchase(pro.m)")
        #expect(store.currentEntitlements == [1, 2], "§18.1: the store may still list the upgraded-from plan")
        #expect(store.entitled == ["pro.m"])
    }

    @Test("§17.1: products of different groups and types are entitled side by side")
    func independentGroups() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)", "purchase(pass30)", "purchase(pro.y)", "purchase(weekly)", "purchase(news.m)")
        #expect(store.entitled == ["lifetime", "pass30", "pro.y", "weekly", "news.m"])
    }

    @Test("§7.2: an app policy that does not grant during grace expects grace not to entitle")
    func gracePolicy() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)")
        #expect(try store.entitlement("pro.m", policy: AppPolicy(billingGraceEntitles: false)) == .inBillingRetry)
    }

    @Test("§16 B5: consumable credit is counted once per transaction, however often it is delivered")
    func creditOncePerTransaction() throws {
        var variations = StoreVariations()
        variations.duplicateUpdates = true
        var store = try ScenarioStore(settings: StoreSettings(variations: variations))
        try store.run("purchase(coins100, otherDevice: true)", "relaunch", "relaunch", "restore")
        #expect(try store.balance("coins100") == 100)
    }

    @Test("§2.1: an unverified consumable credits nothing")
    func unverifiedConsumable() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100, outcome: unverified)")
        #expect(try store.balance("coins100") == 0)
    }

    @Test("Balances list every consumable in catalog order, zero when never bought")
    func balancesShape() throws {
        let store = try ScenarioStore()
        #expect(store.model.expectedState().balances.map(\.product) == [0])
        #expect(store.model.expectedState().balances.map(\.units) == [0])
        #expect(store.model.expectedState() == store.model.expectedState())
    }
}
