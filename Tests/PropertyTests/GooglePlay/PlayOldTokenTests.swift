import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine
import Testing

/// The token a replacement retired, as the client and the server may still show it (§7).
extension PlayReplacementTests {
    @Test("§7 V-OLD-TOKEN-VISIBLE: after an immediate plan change queryPurchasesAsync lists only the new token, or the old one too until its original expiry",
          arguments: [false, true])
    func oldTokenVisible(listed: Bool) throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.replacedTokenStillListed = listed })
        try s.run("advanceTime(P10D)", "changePlan(#1, pro-yearly, withTimeProration)")
        s.ack(2)
        #expect(s.queried == (listed ? ["token-1", "token-2"] : ["token-2"]))
        #expect(s.model.queryPurchases().first.map { "\($0.products) \($0.state)" } == (listed ? "[\"basic\"] purchased" : "[\"pro\"] purchased"))
        try s.run("relaunch")
        #expect(s.status(1) == .replaced)
        #expect(s.clientEntitled == ["pro"], "a listed replaced token still never entitles")
        try s.run("advanceTime(PT23H59M)", "advanceTime(P20D)")
        #expect(s.queried == (listed ? ["token-1", "token-2"] : ["token-2"]), "one minute before 2026-02-01")
        try s.run("advanceTime(PT1M)")
        #expect(s.queried == ["token-2"], "gone at its original expiryTime")
    }

    @Test("§7 V-OLD-TOKEN-VISIBLE: the old token of a DEFERRED plan change is never listed (its time moved to the new token)")
    func oldTokenNotVisibleWhenDeferred() throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.replacedTokenStillListed = true })
        try s.run("changePlan(#1, pro-yearly, deferred)")
        #expect(s.queried == ["token-2"])
    }

    /// An app that drops the replaced token when the listener names it, but forgets that on relaunch.
    struct ForgetsReplacedOnRelaunch: PlaySubject {
        var known = KnownPurchases()
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            known = KnownPurchases()
            return known.take(purchases)
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            for p in purchases { if let old = p.replacing { known.forget(old) } }
            return known.take(purchases)
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { known.observed }
    }

    @Test("§7 V-OLD-TOKEN-VISIBLE: an app that forgets which token it replaced grants it again from the next query; the reference app does not")
    func oldTokenVisibleCaught() throws {
        try expectCaughtOnlyUnder(
            { $0.replacedTokenStillListed = true }, events: ["purchase(pro-monthly)", "changePlan(#1, basic-monthly, withTimeProration)", "relaunch"],
            check: .replacedTokenNeverEntitled, at: 2, traced: "queryPurchasesAsync → [token-1 pro PURCHASED, token-2 basic PURCHASED]"
        ) { c, p, ctx in ForgetsReplacedOnRelaunch(catalog: c, policy: p, context: ctx) }
    }
}

extension PlayReplacementTests {
    @Test("§7 V-OLD-TOKEN-API-VALID: subscriptionsv2 reads the replaced token EXPIRED, or (legacy) ACTIVE until its original expiry",
          arguments: [false, true])
    func oldTokenAPIValid(legacy: Bool) throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.replacedTokenReadsActive = legacy })
        try s.run("advanceTime(P10D)", "changePlan(#1, pro-yearly, chargeFullPrice)")
        #expect(s.state(1) == (legacy ? "SUBSCRIPTION_STATE_ACTIVE" : "SUBSCRIPTION_STATE_EXPIRED"))
        #expect(s.model.subscriptionV2(of: 0)?["canceledStateContext"] == (legacy ? nil : .string("replacementCancellation")))
        #expect(s.model.subscriptionV2(of: 1)?["linkedPurchaseToken"] == .string("token-1"), "the new token names it either way")
        #expect(s.status(1) == .replaced)
        #expect(s.entitled == ["pro"], "only the newest token in the chain entitles")
        try s.run("advanceTime(P21D)")
        #expect(s.state(1) == "SUBSCRIPTION_STATE_EXPIRED", "at its original expiryTime it reads expired")
    }

    /// A backend that trusts `subscriptionsv2` alone and never follows `linkedPurchaseToken`.
    struct TrustsOldToken: PlaySubject {
        var grants: [String: [String]] = [:]
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        var wantsNotifications: Bool { true }
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }
        mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
            let view = context.server(token: n.token)
            let active = view?["subscriptionState"] == .string("SUBSCRIPTION_STATE_ACTIVE")
            grants[n.token] = active ? [n.product] : []
            return active && view?["acknowledgementState"] == .string("ACKNOWLEDGEMENT_STATE_PENDING") ? [.acknowledge(token: n.token)] : []
        }
        func query(context: PlaySubjectContext) throws -> ObservedState {
            ObservedState(entitled: Array(Set(grants.values.flatMap { $0 })).sorted())
        }
    }

    @Test("§7 V-OLD-TOKEN-API-VALID: a backend that does not follow linkedPurchaseToken keeps granting the replaced token; the reference backend does not")
    func oldTokenAPIValidCaught() throws {
        let events = try ["purchase(pro-monthly)", "changePlan(#1, basic-monthly, withTimeProration)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.replacedTokenReadsActive = true }, events: events)
        let naive = PlayCases { c, p, ctx in TrustsOldToken(catalog: c, policy: p, context: ctx) }
        #expect(naive.replay(history).failure?.check == .replacedTokenNeverEntitled)
        #expect(naive.replay(history).failure?.eventIndex == 1)
        #expect(naive.replay(PlayHistory(events: events)).failure == nil, "without the variation the old token reads EXPIRED")
        var reordered = history
        reordered.variations.notificationsReordered = true
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-server"))
        #expect(reference.replay(history).failure == nil)
        #expect(reference.replay(reordered).failure == nil, "the new token's SUBSCRIPTION_PURCHASED first, then the old token's EXPIRED")
    }
}
