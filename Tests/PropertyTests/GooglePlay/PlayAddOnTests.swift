import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Google Play: subscriptions with add-ons (§1 V-ADDONS)")
struct PlayAddOnTests {
    static let on = playVariations { $0.addOnsOffered = true }
    static let bundle = "purchase(pro-monthly, addOn: basic-monthly)"

    @Test("§1 V-ADDONS: off, a purchase cannot carry an add-on; on, it can", arguments: [false, true])
    func scope(offered: Bool) throws {
        let s = PlayScenario(playVariations { $0.addOnsOffered = offered })
        #expect(try s.rejects(Self.bundle) == !offered)
    }

    @Test("§1, §2.3 V-ADDONS: one token carries both items: getProducts lists both, subscriptionsv2 has a line item each, both entitle and end together")
    func oneTokenTwoItems() throws {
        var s = PlayScenario(Self.on)
        let effects = try s.run(Self.bundle)
        #expect(s.model.tokens.count == 1)
        #expect(effects.listenerCalls.first?.1.first?.products == ["pro", "basic"])
        #expect(effects.notificationTypes == ["SUBSCRIPTION_PURCHASED"], "one purchase, one notification")
        guard case .array(let items)? = s.model.subscriptionV2(of: 0)?["lineItems"] else { Issue.record("no lineItems"); return }
        #expect(items.map { $0["productId"] } == [.string("pro"), .string("basic")])
        #expect(items.map { $0["basePlanId"] } == [.string("pro-monthly"), .string("basic-monthly")])
        s.ack(1)
        #expect(s.entitled == ["basic", "pro"])
        #expect(s.clientEntitled == ["basic", "pro"])
        try s.run("void(#1, refund)")
        #expect(s.entitled == [])
    }

    @Test("§1 V-ADDONS: the items of one purchase are all auto-renewing or all prepaid, of different subscriptions, and an owned product is not sold again")
    func rules() throws {
        var s = PlayScenario(Self.on)
        #expect(try s.rejects("purchase(pro-pass30, addOn: basic-monthly)"), "prepaid with auto-renewing")
        #expect(try s.rejects("purchase(pro-monthly, addOn: pro-yearly)"), "two plans of one subscription")
        #expect(try s.rejects("purchase(lifetime, addOn: basic-monthly)"), "a one-time product has no add-ons")
        try s.run("purchase(basic-monthly)")
        let owned = try s.run(Self.bundle)
        #expect(owned.listenerCalls.map(\.0) == [.itemAlreadyOwned])
        #expect(s.model.tokens.count == 1)
    }

    @Test("Purchases with an add-on survive the file and the compact spelling")
    func spelling() throws {
        let event = try PlayEvent(compact: Self.bundle)
        #expect(event == .purchase(PlayPurchaseRequest(item: "pro-monthly", addOn: "basic-monthly")))
        #expect(event.compact == Self.bundle)
        let history = PlayHistory(variations: Self.on, events: [event])
        #expect(try PlayHistory(text: history.fileText) == history)
    }

    /// An app that grants only the first product of each purchase, as code written for `getSkus()[0]` does.
    struct FirstProductOnly: PlaySubject {
        var known: [String: String] = [:]
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            known = [:]
            return take(purchases)
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            take(purchases)
        }
        mutating func take(_ purchases: [PlayPurchase]) -> [PlayReply] {
            for p in purchases where p.state == .purchased { known[p.token] = p.products.first }
            return purchases.filter { $0.state == .purchased && !$0.acknowledged }.map { .acknowledge(token: $0.token) }
        }
        func query(context: PlaySubjectContext) throws -> ObservedState {
            ObservedState(entitled: known.keys.sorted().compactMap { known[$0] }.sorted())
        }
    }

    @Test("§1, §2.3 V-ADDONS: an app that grants only a purchase's first product misses the add-on; the reference subjects grant both")
    func firstProductOnlyCaught() throws {
        let history = PlayHistory(variations: Self.on, events: [try PlayEvent(compact: Self.bundle)])
        let naive = PlayCases { c, p, ctx in FirstProductOnly(catalog: c, policy: p, context: ctx) }
        #expect(naive.replay(history).failure?.check == .entitlementsMatch)
        #expect(naive.replay(history).failure?.expectedLine == "[basic, pro]")
        #expect(naive.replay(PlayHistory(events: [try PlayEvent(compact: "purchase(pro-monthly)")])).failure == nil)
        for name in ["play-reference-app", "play-reference-server"] {
            #expect(try #require(PlayBuiltInSubjects.named(name)).replay(history).failure == nil, "\(name)")
        }
    }

    @Test("§1 V-ADDONS: the reference subjects pass generated histories with add-ons on", arguments: ["play-reference-app", "play-reference-server"])
    func referencesPass(name: String) throws {
        var generator = PlayHistoryGenerator(catalog: .example)
        generator.pinned = ["addOnPurchasesOffered": 1]
        let result = try #require(PlayBuiltInSubjects.named(name)).campaign(generator, configuration: .play(seed: Seed(0xadd), histories: 600))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}
