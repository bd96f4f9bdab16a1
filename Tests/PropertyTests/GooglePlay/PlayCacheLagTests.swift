import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Google Play: queryPurchasesAsync reads a cache that may lag (§2.4 V-CLIENT-CACHE-LAG)")
struct PlayCacheLagTests {
    @Test("§2.4 V-CLIENT-CACHE-LAG: for k events a query misses a new purchase and still lists a refunded one, then catches up",
          arguments: [0, 1, 3])
    func lagWindow(lag: Int) throws {
        var s = try PlayScenario(owning: "lifetime", playVariations { $0.clientCacheLag = lag })
        for _ in 0..<lag {
            #expect(s.queried == [], "missed while the cache lags")
            try s.run("advanceTime(PT1H)")
        }
        #expect(s.queried == (lag == 0 ? ["token-1"] : []), "the k-th event after the purchase still misses it")
        if lag > 0 { try s.run("advanceTime(PT1H)") }
        #expect(s.queried == ["token-1"])
        try s.run("void(#1, refund)")
        for _ in 0..<lag {
            #expect(s.queried == ["token-1"], "a refunded item stays listed while the cache lags")
            try s.run("advanceTime(PT1H)")
        }
        #expect(s.queried == (lag == 0 ? [] : ["token-1"]))
        if lag > 0 { try s.run("advanceTime(PT1H)") }
        #expect(s.queried == [])
        #expect(s.status(1) == .voided, "the server view never lags")
    }

    @Test("§2.4 V-CLIENT-CACHE-LAG: an expired subscription stays listed while the cache lags, and a client-only app may keep granting it until then")
    func expiredStaysListed() throws {
        var s = try PlayScenario(owning: "basic-monthly", playVariations { $0.clientCacheLag = 1 })
        try s.run("cancel(#1)", "advanceTime(P1M)")
        #expect(s.status(1) == .expired)
        #expect(s.queried == ["token-1"], "the cache still holds the canceled, unexpired subscription")
        try s.run("relaunch")
        #expect(s.queried == ["token-1"], "the event right after the expiry still reads the old cache")
        #expect(s.clientEntitled == ["basic"], "so the app, told it is owned, keeps granting it")
        try s.run("relaunch")
        #expect(s.queried == [])
        #expect(s.clientEntitled == [], "the next relaunch's query no longer lists it")
    }

    @Test("§2.4 V-CLIENT-CACHE-LAG: a stale query that contradicts the listener leaves the app free to grant either; what it was told alone stays required")
    func leeway() throws {
        var s = PlayScenario(playVariations { $0.clientCacheLag = 1 })
        try s.run("purchase(basic-monthly)", "purchase(lifetime)")
        s.ack(1)
        s.ack(2)
        try s.run("relaunch")  // the cache holds the first purchase only
        #expect(s.queried == ["token-1"])
        #expect(s.clientEntitled == ["basic"])
        #expect(s.model.clientLeeway() == ["lifetime"], "the listener said PURCHASED, the stale query leaves it out")
        try s.run("relaunch")
        #expect(s.clientEntitled == ["basic", "lifetime"], "caught up: required again")
        #expect(s.model.clientLeeway() == [])
    }

    /// An app that keeps every purchase the listener reported, even when a query leaves it out.
    struct KeepsListenerNews: PlaySubject {
        var known = KnownPurchases()
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            known.take(purchases)
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            known.take(purchases)
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { known.observed }
    }

    @Test("§2.4 V-CLIENT-CACHE-LAG: a relaunch that misses a fresh purchase fails neither the reference app (drops it) nor an app that keeps it")
    func bothReadingsPass() throws {
        let events = try ["purchase(lifetime)", "relaunch"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.clientCacheLag = 1 }, events: events)
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-app")).replay(history)
        #expect(reference.failure == nil)
        #expect(reference.trace.contains { $0.contains("launch: queryPurchasesAsync → []") })
        #expect(PlayCases { c, p, ctx in KeepsListenerNews(catalog: c, policy: p, context: ctx) }.replay(history).failure == nil)
    }

    @Test("§7 V-CLIENT-CACHE-LAG: an app that trusts a stale query for a token it replaced grants it again; the reference app does not")
    func staleReplacedTokenCaught() throws {
        let events = try ["purchase(pro-monthly)", "changePlan(#1, basic-monthly, withTimeProration)", "relaunch"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.clientCacheLag = 1 }, events: events)
        let naive = PlayCases { c, p, ctx in PlayReplacementTests.ForgetsReplacedOnRelaunch(catalog: c, policy: p, context: ctx) }
        #expect(naive.replay(history).failure?.check == .replacedTokenNeverEntitled)
        #expect(naive.replay(history).failure?.eventIndex == 2)
        #expect(naive.replay(PlayHistory(events: events)).failure == nil, "without the lag the query lists only the new token")
        #expect(try #require(PlayBuiltInSubjects.named("play-reference-app")).replay(history).failure == nil)
    }

    @Test("§2.4 V-CLIENT-CACHE-LAG: an app that only ever adds to what it grants keeps a refunded item once the cache has caught up")
    func appendOnlyCaughtAfterCatchUp() throws {
        let events = try ["purchase(lifetime)", "void(#1, refund)", "relaunch", "relaunch"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.clientCacheLag = 1 }, events: events)
        let failure = PlayCases { c, p, ctx in KeepsListenerNews(catalog: c, policy: p, context: ctx) }.replay(history).failure
        #expect(failure?.check == .refundedNeverEntitled)
        #expect(failure?.eventIndex == 3, "the stale relaunch still lists it; the next one does not")
    }

    @Test("§2.4 V-CLIENT-CACHE-LAG: the reference app passes generated histories with the lag pinned to each value", arguments: [1, 3])
    func referencePassesUnderLag(lag: Int) throws {
        var generator = PlayHistoryGenerator(catalog: .example)
        generator.pinned = ["clientCacheLagEvents": lag]
        let campaign = Campaign(play: generator, configuration: .play(seed: Seed(0x1a9), histories: 600), subjectName: "play-reference-app") { c, p, ctx in
            PlayReferenceApp(catalog: c, policy: p, context: ctx)
        }
        let result = campaign.run()
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}
