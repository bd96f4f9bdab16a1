import PurchaseStateMachine
import Testing

@Suite("Delivery: unfinished transactions, relaunch, restore and finish (§3, §4, §6)")
struct ModelDeliveryTests {
    /// The ids a relaunch hands the launching app.
    static func relaunched(_ messages: [StoreMessage]) -> [UInt64]? {
        guard messages.count == 1, case .relaunch(let unfinished) = messages[0] else { return nil }
        return unfinished.map(\.transaction.id)
    }

    @Test("§3.4/§4: a relaunch redelivers every unfinished transaction once, in creation order")
    func relaunchRedelivers() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100)", "purchase(lifetime)", "purchase(pro.m)")
        store.finish(2)
        #expect(Self.relaunched(try store.run("relaunch")) == [1, 3])
        #expect(Self.relaunched(try store.run("relaunch")) == [1, 3], "still unfinished: delivered again at the next launch")
        store.finish(1, 3)
        #expect(Self.relaunched(try store.run("relaunch")) == [])
    }

    @Test("§4: finishing never changes entitlements of non-consumables and subscriptions")
    func finishKeepsEntitlements() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)", "purchase(pro.m)", "purchase(pass30)")
        let before = (store.entitled, store.currentEntitlements)
        store.finishAll()
        #expect(store.entitled == before.0)
        #expect(store.currentEntitlements == before.1)
        #expect(store.unfinished.isEmpty)
    }

    @Test("§4: finishing an unknown transaction is refused")
    func finishUnknown() throws {
        var store = try ScenarioStore()
        let noneYet = store.model.finish(1)
        #expect(noneYet == false)
        try store.run("purchase(adfree)")
        let first = store.model.finish(1)
        let second = store.model.finish(2)
        #expect(first)
        #expect(second == false)
    }

    @Test("§3.2: all lists unfinished consumables, non-consumables and every renewal, not finished consumables")
    func allTransactions() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100)", "purchase(coins100)", "purchase(adfree)", "purchase(pro.m)", "advanceTime(P1M)")
        store.finish(1)
        #expect(store.all == [2, 3, 4, 5])
        store.finishAll()
        #expect(store.all == [3, 4, 5], "finish() affects only consumables' visibility")
        #expect(store.model.latestTransaction(for: "pro.m")?.transaction.id == 5)
        #expect(store.model.latestTransaction(for: "pass30") == nil)
    }

    @Test("§6: restore creates nothing, delivers nothing and tells the server nothing")
    func restoreCreatesNothing() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)", "purchase(pro.m)")
        let before = (store.entitled, store.currentEntitlements, store.model.state.transactionCount)
        let messages = try store.run("restore")
        #expect(messages == [.restore])
        #expect(store.entitled == before.0)
        #expect(store.currentEntitlements == before.1)
        #expect(store.model.state.transactionCount == before.2)
    }

    @Test("§6/§9: restore after a refund restores nothing", arguments: ["lifetime", "pro.m", "pass30"])
    func restoreAfterRefund(product: String) throws {
        var store = try ScenarioStore()
        try store.run("purchase(\(product))", "refund(#1)")
        store.finishAll()
        try store.run("restore")
        #expect(store.entitled == [])
        #expect(store.currentEntitlements == [])
        #expect(store.unfinished == [])
        #expect(try store.tx(1).revocationDate != nil)
    }

    @Test("§3.1: currentEntitlements lists transactions oldest first by default, one per entitled product")
    func currentEntitlementsOrder() throws {
        var store = try ScenarioStore()
        try store.run("purchase(weekly)", "purchase(lifetime)", "purchase(coins100)", "purchase(pass30)", "advanceTime(P1W)")
        #expect(store.currentEntitlements == [2, 4, 5])
    }

    @Test("§3.4: an app action reaches the app as it is, and changes nothing in the store")
    func appAction() throws {
        var store = try ScenarioStore()
        let messages = try store.run(#"appAction(useCredit, {"amount": 3})"#)
        #expect(messages == [.appAction(name: "useCredit", value: .object(["amount": 3]))])
        #expect(store.model.state.transactionCount == 0)
    }
}

@Suite("Device clock and store clock (§14)")
struct ModelClockTests {
    @Test("§14: moving the device clock changes deviceNow only, never the store's time or expectations",
          arguments: ["P40D", "-P40D", "PT5H"])
    func deviceClock(offset: String) throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "purchase(pass30)", "advanceTime(P10D)")
        let before = (store.entitled, store.currentEntitlements, store.model.statuses, store.now)
        let messages = try store.run("setDeviceClock(\(offset))")
        #expect(messages.isEmpty)
        let shift = try #require(ISODuration(iso8601: offset, allowNegative: true))
        #expect(store.model.state.deviceNow == store.model.state.now.adding(shift))
        #expect(store.now == before.3)
        #expect(store.entitled == before.0)
        #expect(store.currentEntitlements == before.1)
        #expect(store.model.statuses == before.2)
        try store.run("advanceTime(P21D)")
        #expect(store.model.state.transactionCount == 3, "the renewal follows the store clock")
        #expect(store.model.state.deviceNow == store.model.state.now.adding(shift), "the offset persists")
    }

    @Test("§14 (model choice): a new device clock offset replaces the previous one")
    func offsetReplaces() throws {
        var store = try ScenarioStore()
        try store.run("setDeviceClock(P1D)", "setDeviceClock(P2D)")
        #expect(store.model.state.deviceNow == store.model.state.now.adding(.days(2)))
    }

    @Test("§14: setting the device clock back to zero offset makes both clocks agree")
    func resetClock() throws {
        var store = try ScenarioStore()
        try store.run("setDeviceClock(-P1D)", "setDeviceClock(P0D)")
        #expect(store.model.state.deviceNow == store.model.state.now)
    }
}
