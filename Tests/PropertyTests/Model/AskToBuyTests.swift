import PurchaseStateMachine
import Testing

@Suite("Ask to Buy and purchases made elsewhere (§3.4, §5.1, §5.2)")
struct ModelAskToBuyTests {
    @Test("§5.1/§5.2: an Ask to Buy purchase returns pending, creates no transaction and never entitles")
    func pending() throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(lifetime, outcome: pending)")
        #expect(messages.purchaseResults == ["pending"])
        #expect(messages.notificationLabels.isEmpty)
        #expect(store.model.state.transactionCount == 0)
        #expect(store.model.state.pendingRequests.map(\.purchase.product) == ["lifetime"])
        #expect(store.entitled == [])
        #expect(try store.entitlement("lifetime") == .pending)
        #expect(store.currentEntitlements == [])
    }

    @Test("§5.2: an approved request is delivered through updates, not as a purchase result")
    func approved() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime, outcome: pending)", "advanceTime(P1D)")
        let messages = try store.run("askToBuy(1, approve)")
        #expect(messages.purchaseResults.isEmpty)
        #expect(messages.updates == [1])
        #expect(try store.tx(1).purchaseDate == utc("2026-01-02T00:00:00Z"), "bought when the parent approves")
        #expect(store.model.state.pendingRequests.isEmpty)
        #expect(store.entitled == ["lifetime"])
        #expect(store.unfinished == [1])
    }

    @Test("§5.2/§12.1: an approved subscription request subscribes, with its introductory offer when eligible")
    func approvedSubscription() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m, outcome: pending)")
        let messages = try store.run("askToBuy(1, approve)")
        #expect(messages.notificationLabels == ["SUBSCRIBED/INITIAL_BUY"])
        #expect(try store.tx(1).offerType == .introductory)
        #expect(try store.status("G").state == .subscribed)
    }

    @Test("§5.2/§18.4: a declined request creates nothing and tells the app nothing (default)")
    func declined() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime, outcome: pending)")
        let messages = try store.run("askToBuy(1, decline)")
        #expect(messages.isEmpty)
        #expect(store.model.state.transactionCount == 0)
        #expect(store.model.state.pendingRequests.isEmpty)
        #expect(try store.entitlement("lifetime") == .notPurchased)
        #expect(store.unfinished == [])
    }

    @Test("§5.2: requests are answered by their 1-based position among those pending")
    func requestPositions() throws {
        var store = try ScenarioStore()
        try store.run("purchase(adfree, outcome: pending)", "purchase(coins100, outcome: pending, quantity: 2)")
        try store.run("askToBuy(2, approve)")
        #expect(try store.tx(1).productID == "coins100")
        #expect(try store.tx(1).purchasedQuantity == 2)
        #expect(store.model.state.pendingRequests.map(\.purchase.product) == ["adfree"])
        try store.run("askToBuy(1, decline)")
        #expect(store.model.state.pendingRequests.isEmpty)
        #expect(try store.balance("coins100") == 200)
    }

    @Test("§5.2 (model choice): an approval is checked against the store at approval time")
    func approvalRechecked() throws {
        var store = try ScenarioStore()
        try store.run("purchase(adfree, outcome: pending)", "purchase(adfree)")
        #expect(try store.rejection("askToBuy(1, approve)")?.reason.contains("already purchased") == true)
        #expect(try store.rejection("askToBuy(1, decline)") == nil)
    }

    @Test("§3.4: a purchase made on another device arrives through updates", arguments: ["lifetime", "pro.m", "coins100"])
    func otherDevice(product: String) throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(\(product), otherDevice: true)")
        #expect(messages.purchaseResults.isEmpty)
        #expect(messages.updates == [1])
        #expect(store.unfinished == [1])
        #expect(store.entitled == (product == "coins100" ? [] : [product]))
    }

    @Test("§3.4/§2.1: an unverified purchase on another device arrives unverified")
    func otherDeviceUnverified() throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(adfree, outcome: unverified, otherDevice: true)")
        guard case .update(let delivery)? = messages.appMessages.first else {
            Issue.record("expected an update")
            return
        }
        #expect(delivery.verified == false)
        #expect(store.entitled == [])
    }
}
