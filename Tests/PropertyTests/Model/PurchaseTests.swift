import PurchaseStateMachine
import Testing

/// One purchase on a fresh store and what StoreKit shows right after it.
struct PurchaseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var event: String
    var productType: ProductType
    var expirationDate: String?
    var offerType: OfferType?
    var quantity: Int = 1
    var inCurrentEntitlements: Bool
    var entitled: [String]
    var notifications: [String]
    var testDescription: String { name }
}

@Suite("Purchases of each product type (§1, §2, §3.1, §5.1)")
struct ModelPurchaseTests {
    static let cases: [PurchaseCase] = [
        PurchaseCase(
            name: "§1/§2: a consumable bought three at a time is one transaction with purchasedQuantity 3, never an entitlement",
            event: "purchase(coins100, quantity: 3)", productType: .consumable, quantity: 3,
            inCurrentEntitlements: false, entitled: [], notifications: []),
        PurchaseCase(
            name: "§1/§3.1: a non-consumable is in currentEntitlements and entitled, with no expirationDate",
            event: "purchase(lifetime)", productType: .nonConsumable,
            inCurrentEntitlements: true, entitled: ["lifetime"], notifications: []),
        PurchaseCase(
            name: "§1/§18.6: a non-renewing subscription has no expirationDate by default; the app times it",
            event: "purchase(pass30)", productType: .nonRenewable,
            inCurrentEntitlements: true, entitled: ["pass30"], notifications: []),
        PurchaseCase(
            name: "§7/§10: an auto-renewable without an offer runs one regular period",
            event: "purchase(pro.m)", productType: .autoRenewable, expirationDate: "2026-02-01T00:00:00Z",
            inCurrentEntitlements: true, entitled: ["pro.m"], notifications: ["SUBSCRIBED/INITIAL_BUY"]),
        PurchaseCase(
            name: "§10: an auto-renewable with a free trial starts with the trial period, marked introductory",
            event: "purchase(basic.m)", productType: .autoRenewable, expirationDate: "2026-01-08T00:00:00Z",
            offerType: .introductory, inCurrentEntitlements: true, entitled: ["basic.m"],
            notifications: ["SUBSCRIBED/INITIAL_BUY"]),
        PurchaseCase(
            name: "§10: a pay-up-front introductory offer is one transaction as long as the offer",
            event: "purchase(news.y)", productType: .autoRenewable, expirationDate: "2026-04-01T00:00:00Z",
            offerType: .introductory, inCurrentEntitlements: true, entitled: ["news.y"],
            notifications: ["SUBSCRIBED/INITIAL_BUY"]),
    ]

    @Test("A successful purchase returns one new transaction through purchase()", arguments: cases)
    func purchase(_ c: PurchaseCase) throws {
        var store = try ScenarioStore()
        let messages = try store.run(c.event)
        #expect(messages.purchaseResults == ["success #1"])
        #expect(messages.updates.isEmpty, "§3.4: a purchase on this device is not re-emitted on updates")
        #expect(messages.notificationLabels == c.notifications)
        let tx = try store.tx(1)
        #expect(tx.productType == c.productType)
        #expect(tx.originalID == 1)
        #expect(tx.purchaseDate == utc("2026-01-01T00:00:00Z"))
        #expect(tx.originalPurchaseDate == tx.purchaseDate)
        #expect(tx.signedDate == tx.purchaseDate)
        #expect(tx.expirationDate == utc(c.expirationDate))
        #expect(tx.offerType == c.offerType)
        #expect(tx.purchasedQuantity == c.quantity)
        #expect(tx.reason == .purchase)
        #expect(tx.ownershipType == .purchased)
        #expect(tx.revocationDate == nil && !tx.isUpgraded)
        #expect(tx.subscriptionGroupID == (c.productType == .autoRenewable ? store.model.catalog.product(tx.productID)?.subscription?.group : nil))
        #expect(store.currentEntitlements == (c.inCurrentEntitlements ? [1] : []))
        #expect(store.entitled == c.entitled)
        #expect(store.unfinished == [1], "§3.3: a transaction is unfinished until the app finishes it")
    }

    @Test("§2/§9: a consumable credits grant × quantity once, and a finished one leaves all and latest(for:)")
    func consumableCredit() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100, quantity: 3)", "purchase(coins100)")
        #expect(try store.balance("coins100") == 400)
        #expect(store.all == [1, 2])
        store.finish(1)
        #expect(store.all == [2], "§3.2: finished consumables are not in all")
        #expect(store.model.latestTransaction(for: "coins100")?.transaction.id == 2)
        store.finish(2)
        #expect(store.model.latestTransaction(for: "coins100") == nil)
        #expect(try store.balance("coins100") == 400, "§4: finish() never changes what was credited")
        #expect(try store.entitlement("coins100") == .notPurchased, "§3.1: consumables never entitle")
    }

    @Test("§1 (model choice): a non-consumable the customer already owns cannot be bought again")
    func nonConsumableAlreadyOwned() throws {
        var store = try ScenarioStore()
        try store.run("purchase(adfree)")
        let rejection = try store.rejection("purchase(adfree)")
        #expect(rejection?.reason.contains("already purchased") == true)
        try store.run("refund(#1)")
        #expect(try store.rejection("purchase(adfree)") == nil, "after a refund it can be bought again")
    }

    @Test("§1: a non-renewing subscription stays in currentEntitlements after the period the app computes")
    func nonRenewingExpiry() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pass30)")
        store.finish(1)
        try store.run("advanceTime(PT719H)")
        #expect(store.entitled == ["pass30"], "one hour before 30 days the app still grants it")
        try store.run("advanceTime(PT1H)")
        #expect(store.entitled == [], "30 days after the purchase the app's own timer ends it")
        #expect(try store.entitlement("pass30") == .expired)
        #expect(store.currentEntitlements == [1], "§3.1: the latest, including finished ones")
        #expect(try store.tx(1).expirationDate == nil)
    }

    @Test("§1 (model choice): buying a non-renewing subscription again starts a new period from the new purchase; periods do not stack")
    func nonRenewingNoStacking() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pass30)", "advanceTime(P10D)", "purchase(pass30)")
        #expect(store.currentEntitlements == [2], "§3.1: only the latest non-renewing transaction")
        try store.run("advanceTime(PT719H)")
        #expect(store.entitled == ["pass30"], "39 days 23 hours after the first purchase")
        try store.run("advanceTime(PT1H)")
        #expect(store.entitled == [], "40 days after the first purchase, not 60")
    }

    @Test("§3.1/§9 (model choice): when the latest non-renewing purchase is refunded, the earlier one is listed and decides")
    func nonRenewingLatestRefunded() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pass30)", "advanceTime(P10D)", "purchase(pass30)", "refund(#2)")
        #expect(store.currentEntitlements == [1])
        #expect(store.entitled == ["pass30"])
        try store.run("advanceTime(P20D)")
        #expect(store.entitled == [], "the first purchase's 30 days are over")
    }

    @Test("§5.1: a cancelled or failed purchase returns no transaction and changes nothing", arguments: ["userCancelled", "failed"])
    func cancelledOrFailed(outcome: String) throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(pro.m, outcome: \(outcome))")
        #expect(messages.purchaseResults == [outcome])
        #expect(store.model.state.transactionCount == 0)
        #expect(store.model.statuses.isEmpty)
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
    }

    @Test("§2.1: an unverified purchase is a transaction StoreKit hands out unverified, and it never entitles")
    func unverified() throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(lifetime, outcome: unverified)", "purchase(pro.m, outcome: unverified)")
        #expect(messages.purchaseResults == ["success #1", "success #2"])
        #expect(store.model.currentEntitlements.map(\.verified) == [false, false])
        #expect(store.entitled == [])
        #expect(try store.entitlement("lifetime") == .unverified)
        #expect(try store.entitlement("pro.m") == .unverified)
    }

    @Test("§2.1 (model choice): renewals of an unverified subscription purchase are verified")
    func unverifiedRenewals() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m, outcome: unverified)", "advanceTime(P1M)")
        #expect(store.model.state.isVerified(1) == false)
        #expect(store.model.state.isVerified(2) == true)
        #expect(store.entitled == ["pro.m"])
    }

    @Test("§2: the appAccountToken given at purchase comes back in the transaction")
    func appAccountToken() throws {
        var store = try ScenarioStore()
        let token = "123E4567-E89B-12D3-A456-426614174000"
        try store.run("purchase(pro.y, token: \(token))")
        #expect(try store.tx(1).appAccountToken == token)
    }

    @Test("§2: transaction ids are 1, 2, 3 … in creation order, each originalID its own for first purchases")
    func idsInOrder() throws {
        var store = try ScenarioStore()
        try store.run("purchase(coins100)", "purchase(adfree)", "purchase(weekly)", "purchase(pass30)")
        #expect(try (1...4).map { try store.tx(UInt64($0)).productID } == ["coins100", "adfree", "weekly", "pass30"])
        #expect(try (1...4).map { try store.tx(UInt64($0)).originalID } == [1, 2, 3, 4])
    }
}
