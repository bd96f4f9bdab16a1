import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Google Play: RTDNs may come late or never (§9.4 V-RTDN-DELAY / LOSS)")
struct PlayDeliveryTests {
    @Test("§9.4 V-RTDN-DELAY: an RTDN reaches the backend k events after it was sent, in sending order", arguments: [0, 1, 3])
    func delay(events: Int) throws {
        var s = PlayScenario(playVariations { $0.notificationDelay = events })
        let sent = try s.run("purchase(pro-monthly)")
        #expect(sent.notificationTypes == (events == 0 ? ["SUBSCRIPTION_PURCHASED"] : []))
        #expect(sent.listenerCalls.count == 1, "the listener never waits")
        var delivered = sent.notificationTypes + (try s.run("cancel(#1)").notificationTypes)
        for _ in 0..<events {
            delivered += try s.run("advanceTime(PT1H)").notificationTypes
        }
        #expect(delivered == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED"])
        #expect(s.model.outbox.isEmpty)
        #expect(s.state(1) == "SUBSCRIPTION_STATE_CANCELED", "the Developer API never waits")
    }

    @Test("§9.4 V-RTDN-LOSS: under dropAfterRetention an RTDN that waited more than seven days is lost; lossless delivers it late",
          arguments: [false, true])
    func loss(dropped: Bool) throws {
        var s = PlayScenario(playVariations {
            $0.notificationDelay = 1
            $0.notificationsLostAfterRetention = dropped
        })
        try s.run("purchase(lifetime)")
        s.ack(1)
        let late = try s.run("advanceTime(P8D)")
        #expect(late.notificationTypes == (dropped ? [] : ["ONE_TIME_PRODUCT_PURCHASED"]))
        #expect(late.lost.map(\.type.rawValue) == (dropped ? ["ONE_TIME_PRODUCT_PURCHASED"] : []))
        try s.run("void(#1, refund)")
        #expect(try s.run("advanceTime(P7D)").notificationTypes == ["VOIDED_PURCHASE"], "exactly seven days is still within the retention")
    }

    @Test("§9.4 V-RTDN-DELAY: a backend is held to the true state of every token it was told of, by an RTDN or by the app, and no other")
    func whatABackendKnows() throws {
        var s = PlayScenario(playVariations {
            $0.notificationDelay = 1
            $0.purchaseExistsAfterError = true
        })
        try s.run("purchase(lifetime)")
        #expect(s.entitled == ["lifetime"], "the app forwards the listener's purchase: the backend can read it")
        try s.run("purchase(basic-monthly, outcome: failed)")
        #expect(s.entitled == ["lifetime"], "a flow that failed yet charged names the token to nobody until its RTDN arrives")
        try s.run("advanceTime(PT1H)")
        #expect(s.entitled == ["basic", "lifetime"])
    }

    /// The reference backend as it was before V-RTDN-DELAY: it acts on RTDNs alone (a fresh API read
    /// each), never on the tokens the app sends nor on a reconciliation tick.
    struct NotificationsOnly: PlaySubject {
        var inner: PlayReferenceServer
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
            inner = PlayReferenceServer(catalog: catalog, policy: policy, context: context)
        }
        var wantsNotifications: Bool { true }
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }
        mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
            try inner.notification(n, context: context)
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { try inner.query(context: context) }
    }

    @Test("§9.4 V-RTDN-DELAY: a backend that waits for RTDNs misses a purchase the app reported; the reference backend reconciles, even when the hold's RTDNs are lost")
    func notificationsOnlyCaught() throws {
        let naive = PlayCases { c, p, ctx in NotificationsOnly(catalog: c, policy: p, context: ctx) }
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-server"))
        let bought = try ["purchase(lifetime)"].map { try PlayEvent(compact: $0) }
        let delayed = PlayHistory(variations: playVariations { $0.notificationDelay = 1 }, events: bought)
        #expect(naive.replay(delayed).failure?.check == .entitlementsMatch)
        #expect(naive.replay(PlayHistory(events: bought)).failure == nil, "on time, the RTDN is enough")
        #expect(reference.replay(delayed).failure == nil)

        let hold = try ["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P14D)", "advanceTime(P8D)"].map { try PlayEvent(compact: $0) }
        let lossy = PlayHistory(variations: playVariations {
            $0.notificationDelay = 1
            $0.notificationsLostAfterRetention = true
        }, events: hold)
        #expect(naive.replay(lossy).failure.map { "\($0.check) at \($0.eventIndex)" } == "entitlements-match at 0")
        #expect(naive.replay(PlayHistory(events: hold)).failure == nil)
        let traced = reference.replay(lossy)
        #expect(traced.failure == nil)
        #expect(traced.trace.contains { $0.contains("RTDN SUBSCRIPTION_ON_HOLD token-1") && $0.contains("lost") })
    }

    @Test("§4, §9.4: a purchase no message named to the backend before its deadline is not the backend's lapse")
    func lapseUnknownToBackend() throws {
        let events = try ["purchase(lifetime, outcome: failed)", "advanceTime(P3D)"].map { try PlayEvent(compact: $0) }
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-server"))
        let unseen = PlayHistory(variations: playVariations {
            $0.purchaseExistsAfterError = true
            $0.notificationDelay = 3
        }, events: events)
        let replay = reference.replay(unseen)
        #expect(replay.failure == nil)
        #expect(replay.trace.contains { $0.contains("RTDN") } == false, "the RTDN had not arrived when Google refunded it")
        var onTime = unseen
        onTime.variations.notificationDelay = 0
        #expect(reference.replay(onTime).failure == nil, "on time, the backend acknowledges it")
    }

    @Test("§5, §9.4: a backend owes a consumable's credit only for a token it could read as paid; one refunded before its RTDN came is not")
    func creditOnlyWhatWasReadPaid() throws {
        let events = try ["purchase(coins100, outcome: failed)", "advanceTime(P3D)", "purchase(coins100)", "void(#2, refund)"]
            .map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations {
            $0.purchaseExistsAfterError = true
            $0.notificationDelay = 1
        }, events: events)
        let replay = try #require(PlayBuiltInSubjects.named("play-reference-server")).replay(history)
        #expect(replay.failure == nil, "token 1 lapsed before its RTDN arrived: the backend never saw it paid")
    }

    @Test("§9.4 V-RTDN-DELAY / LOSS: the reference backend passes generated histories with delivery pinned late and lossy",
          arguments: [1, 3])
    func referencePassesUnderDelay(events: Int) throws {
        var generator = PlayHistoryGenerator(catalog: .example)
        generator.pinned = ["notificationDelayEvents": events, "notificationsDropAfterRetention": 1]
        let campaign = Campaign(play: generator, configuration: .play(seed: Seed(0x9d4), histories: 600), subjectName: "play-reference-server") { c, p, ctx in
            PlayReferenceServer(catalog: c, policy: p, context: ctx)
        }
        let result = campaign.run()
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}
