import PurchaseStateMachine
import Testing

@Suite("Google Play: plan changes, voided purchases and notifications (§7–§9)")
struct PlayReplacementTests {
    static func subscribed(_ plan: String = "basic-monthly", _ variations: PlayVariations = PlayVariations()) throws -> PlayScenario {
        try PlayScenario(owning: plan, variations)
    }

    @Test("§7: every immediate plan change is a new token linked to the old one; the new product entitles at once, the old token never again",
          arguments: [PlayReplacementMode.withTimeProration, .chargeProratedPrice, .withoutProration, .chargeFullPrice])
    func immediate(mode: PlayReplacementMode) throws {
        var s = try Self.subscribed()
        let effects = try s.run("changePlan(#1, pro-yearly, \(mode.rawValue))")
        #expect(s.token(2).linkedToken == 1)
        #expect(s.status(1) == .replaced)
        #expect(s.entitled == ["pro"])
        #expect(effects.listenerCalls.first?.1.map(\.token) == ["token-2"])
        #expect(effects.notificationTypes == ["SUBSCRIPTION_EXPIRED", "SUBSCRIPTION_PURCHASED"])
        #expect(s.queried == ["token-2"])
        #expect(s.token(2).ackDeadline != nil, "§4: the new token must be acknowledged")
        #expect(s.clientEntitled == ["pro"], "the app asked for the replacement, so it knows the old token is gone")
    }

    @Test("§7 V-OLD-TOKEN-AFTER-REPLACE: the old token may get CANCELED before EXPIRED")
    func oldTokenNotifications() throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.replacedTokenCanceledFirst = true })
        let effects = try s.run("changePlan(#1, pro-yearly, chargeFullPrice)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED", "SUBSCRIPTION_PURCHASED"])
    }

    @Test("§7: DEFERRED issues the new token at once with the old entitlement; the new product starts at the old renewal date")
    func deferred() throws {
        var s = try Self.subscribed()
        try s.run("changePlan(#1, pro-yearly, deferred)")
        s.ack(2)
        #expect(s.status(1) == .replaced)
        #expect(s.entitled == ["basic"])
        #expect(s.queried == ["token-2"])
        try s.run("advanceTime(P30D)")
        #expect(s.entitled == ["basic"])
        let effects = try s.run("advanceTime(P1D)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(s.entitled == ["pro"])
        #expect(s.token(2).subscription?.expiry == utc("2027-02-01T00:00:00Z"))
    }

    @Test("§4, §7: a plan change is blocked while the current token is unacknowledged")
    func changeNeedsAcknowledgement() throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)")
        #expect(try s.rejects("changePlan(#1, pro-yearly, chargeFullPrice)"))
        s.ack(1)
        #expect(try !s.rejects("changePlan(#1, pro-yearly, chargeFullPrice)"))
    }

    @Test("§7: a switch to a prepaid plan allows only CHARGE_FULL_PRICE; within one subscription only CHARGE_FULL_PRICE or WITHOUT_PRORATION")
    func modeRules() throws {
        let s = try Self.subscribed("pro-yearly")
        #expect(try s.rejects("changePlan(#1, pro-pass30, deferred)"))
        #expect(try !s.rejects("changePlan(#1, pro-pass30, chargeFullPrice)"))
        #expect(try s.rejects("changePlan(#1, pro-monthly, chargeProratedPrice)"))
        #expect(try !s.rejects("changePlan(#1, pro-monthly, withoutProration)"))
    }

    @Test("§8: refund, chargeback and revoke void a one-time purchase (VOIDED_PURCHASE, purchaseState 1)",
          arguments: [PlayVoidCause.refund, .chargeback, .revoke])
    func voidOneTime(cause: PlayVoidCause) throws {
        var s = try PlayScenario(owning: "lifetime")
        #expect(try s.run("void(#1, \(cause.rawValue))").notificationTypes == ["VOIDED_PURCHASE"])
        #expect(s.entitled == [])
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(1))
        #expect(s.queried == [])
    }

    @Test("§8 V-REFUNDED-AS-PENDING: a refunded one-time item leaves queryPurchasesAsync, or stays listed as PENDING; the server says canceled either way",
          arguments: [false, true])
    func refundedAsPending(reported: Bool) throws {
        var s = PlayScenario(playVariations { $0.refundedReportedPending = reported })
        try s.run("purchase(lifetime)", "purchase(pro-monthly)", "purchase(coins100)")
        s.ack(1)
        s.ack(2)
        s.consume(3)
        try s.run("void(#1, refund)", "void(#2, revoke)", "void(#3, chargeback)")
        let listed = s.model.queryPurchases()
        #expect(listed.map(\.token) == (reported ? ["token-1"] : []), "never a subscription or a consumed item")
        #expect(listed.map(\.state) == (reported ? [.pending] : []))
        #expect(s.model.productPurchase(of: 0)?["purchaseState"] == .int(1))
        try s.run("relaunch")
        #expect(s.entitled == [])
        #expect(s.clientEntitled == [])
    }

    @Test("§8: a revoked subscription ends at once: SUBSCRIPTION_REVOKED and state EXPIRED")
    func voidSubscription() throws {
        var s = try Self.subscribed()
        #expect(try s.run("void(#1, revoke)").notificationTypes == ["VOIDED_PURCHASE", "SUBSCRIPTION_REVOKED"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_EXPIRED")
        #expect(s.entitled == [])
    }

    @Test("§8: a refund without revoke is not voided and changes nothing")
    func refundWithoutRevoke() throws {
        var s = try Self.subscribed()
        #expect(try s.run("void(#1, refundWithoutRevoke)").messages.isEmpty)
        #expect(s.entitled == ["basic"])
    }

    @Test("§9.4 V-RTDN-DUPLICATES: a redelivery repeats the messageId", arguments: [0, 1, 2])
    func duplicates(extra: Int) throws {
        var s = PlayScenario(playVariations { $0.notificationDuplicates = extra })
        let effects = try s.run("purchase(lifetime)")
        let ids = effects.messages.compactMap { if case .notification(let n) = $0 { return n.messageID } else { return nil } }
        #expect(ids == Array(repeating: 1, count: 1 + extra))
    }

    @Test("§9.4 V-RTDN-REORDER: the notifications of one event may arrive in reverse order")
    func reorder() throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.notificationsReordered = true })
        #expect(try s.run("void(#1, revoke)").notificationTypes == ["SUBSCRIPTION_REVOKED", "VOIDED_PURCHASE"])
    }

    @Test("§11: the model's clock is Google's; events happen at their boundaries in time order")
    func boundariesInOrder() throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)", "purchase(lifetime)")
        let effects = try s.run("advanceTime(P40D)")
        #expect(effects.lapsed == [1, 2], "both deadlines pass on day 3, in token order")
        #expect(s.model.now == utc("2026-02-10T00:00:00Z"))
    }
}

@Suite("Google Play: the notification variations of §4, §3 and §9.3")
struct PlayNotificationVariationTests {
    @Test("V-ACK-LAPSE-SIGNAL: an auto-refunded subscription sends VOIDED_PURCHASE with or without SUBSCRIPTION_REVOKED", arguments: [false, true])
    func lapseSignal(voidedOnly: Bool) throws {
        var s = PlayScenario(playVariations { $0.lapseSendsVoidedOnly = voidedOnly })
        try s.run("purchase(basic-monthly)")
        let effects = try s.run("advanceTime(P3D)")
        #expect(effects.notificationTypes == (voidedOnly ? ["VOIDED_PURCHASE"] : ["VOIDED_PURCHASE", "SUBSCRIPTION_REVOKED"]))
    }

    @Test("V-OTP-CANCELED-SCOPE: ONE_TIME_PRODUCT_CANCELED for pending purchases only, or for voided ones too", arguments: [false, true])
    func canceledScope(widened: Bool) throws {
        var s = PlayScenario(playVariations { $0.oneTimeCanceledOnVoid = widened })
        try s.run("purchase(lifetime)")
        let effects = try s.run("void(#1, refund)")
        #expect(effects.notificationTypes == (widened ? ["VOIDED_PURCHASE", "ONE_TIME_PRODUCT_CANCELED"] : ["VOIDED_PURCHASE"]))
    }

    @Test("V-PENDING-CANCEL-NAME: the state after a pending subscription lapses has two names", arguments: [false, true])
    func pendingName(expired: Bool) throws {
        var s = PlayScenario(playVariations { $0.pendingCancelNamedExpired = expired })
        try s.run("purchase(pro-pass30, outcome: pending)", "cancelPending(#1)")
        #expect(s.state(1) == (expired ? "SUBSCRIPTION_STATE_PENDING_PURCHASE_EXPIRED" : "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED"))
    }
}

extension PlayNotificationVariationTests {
    @Test("V-RTDN-SUBSCRIPTIONID: subscription notifications may carry the legacy subscriptionId", arguments: [false, true])
    func legacySubscriptionID(present: Bool) throws {
        var s = PlayScenario(playVariations { $0.notificationsCarrySubscriptionID = present })
        let effects = try s.run("purchase(basic-monthly)")
        guard case .notification(let n)? = effects.messages.last else { Issue.record("expected an RTDN"); return }
        #expect(n.json["subscriptionId"] == (present ? .string("basic") : nil))
    }
}

extension PlayReplacementTests {
    @Test("§7 V-DEFERRED-STARTTIME: a DEFERRED new token's startTime is its purchase time, or unset until the replacement takes effect",
          arguments: [false, true])
    func deferredStartTime(atReplacement: Bool) throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.deferredStartsAtReplacement = atReplacement })
        try s.run("advanceTime(P10D)", "changePlan(#1, pro-yearly, deferred)")
        s.ack(2)
        #expect(s.model.subscriptionV2(of: 1)?["startTime"] == (atReplacement ? nil : .string("2026-01-11T00:00:00Z")))
        try s.run("advanceTime(P21D)")
        #expect(s.entitled == ["pro"])
        #expect(s.model.subscriptionV2(of: 1)?["startTime"] == .string(atReplacement ? "2026-02-01T00:00:00Z" : "2026-01-11T00:00:00Z"))
        #expect(s.model.subscriptionV2(of: 0)?["startTime"] == .string("2026-01-01T00:00:00Z"), "the old token keeps its own")
    }

    @Test("§7 V-DEFERRED-STARTTIME: when the switch charge fails and grace recovers, the replacement starts at the old renewal date")
    func deferredStartAfterGrace() throws {
        var s = try Self.subscribed("basic-monthly", playVariations { $0.deferredStartsAtReplacement = true })
        try s.run("changePlan(#1, pro-yearly, deferred)")
        s.ack(2)
        try s.run("setBilling(fail)", "advanceTime(P33D)")
        #expect(s.status(2) == .inGracePeriod)
        #expect(s.model.subscriptionV2(of: 1)?["startTime"] == nil, "the old plan still runs, in grace")
        try s.run("setBilling(ok)")
        #expect(s.entitled == ["pro"])
        #expect(s.model.subscriptionV2(of: 1)?["startTime"] == .string("2026-02-01T00:00:00Z"))
    }
}
