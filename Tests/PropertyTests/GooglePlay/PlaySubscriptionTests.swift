import PurchaseStateMachine
import Testing

@Suite("Google Play: the subscription lifecycle (§6)")
struct PlaySubscriptionTests {
    /// A subscriber to basic-monthly (no trial) who acknowledged.
    static func subscribed(_ variations: PlayVariations = PlayVariations()) throws -> PlayScenario {
        try PlayScenario(owning: "basic-monthly", variations)
    }

    @Test("§6.1: what each state entitles and whether queryPurchasesAsync returns it",
          arguments: [
            (PlayTokenStatus.pending, false), (.pendingCanceled, false), (.purchased, true), (.consumed, false),
            (.voided, false), (.active, true), (.inGracePeriod, true), (.onHold, false), (.paused, false),
            (.canceled, true), (.expired, false), (.replaced, false),
          ])
    func stateTable(status: PlayTokenStatus, entitles: Bool) {
        #expect(status.entitles == entitles)
    }

    @Test("§6.2: a renewal keeps the token, gets a new order id and sends SUBSCRIPTION_RENEWED; it needs no acknowledgement")
    func renewal() throws {
        var s = try Self.subscribed()
        let order = s.token(1).orderID
        let effects = try s.run("advanceTime(P1M)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(s.token(1).orderID != order)
        #expect(s.model.tokens.count == 1)
        #expect(s.token(1).subscription?.expiry == utc("2026-03-01T00:00:00Z"))
        #expect(s.token(1).ackDeadline == nil)
    }

    @Test("§6.2: a monthly plan started on 31 January renews on the last day of February")
    func monthEnd() throws {
        var s = PlayScenario()
        try s.run("advanceTime(P30D)", "purchase(basic-monthly)")
        #expect(s.token(1).subscription?.expiry == utc("2026-02-28T00:00:00Z"))
    }

    @Test("§6.3: in grace the customer keeps access, expiryTime moves to the end of grace, and the query still returns it")
    func grace() throws {
        var s = try Self.subscribed()
        try s.run("setBilling(fail)")
        let effects = try s.run("advanceTime(P1M)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_IN_GRACE_PERIOD"])
        #expect(s.status(1) == .inGracePeriod)
        #expect(s.state(1) == "SUBSCRIPTION_STATE_IN_GRACE_PERIOD")
        #expect(s.token(1).subscription?.expiry == utc("2026-02-08T00:00:00Z"))
        #expect(s.entitled == ["basic"])
        #expect(s.queried == ["token-1"])
    }

    @Test("§6.3: recovery in grace keeps the original renewal date (V-GRACE-RECOVERY-RTDN names the notification)", arguments: [false, true])
    func graceRecovery(recovered: Bool) throws {
        var s = try Self.subscribed(playVariations { $0.graceRecoverySendsRecovered = recovered })
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P3D)")
        let effects = try s.run("setBilling(ok)")
        #expect(effects.notificationTypes == [recovered ? "SUBSCRIPTION_RECOVERED" : "SUBSCRIPTION_RENEWED"])
        #expect(s.token(1).subscription?.expiry == utc("2026-03-01T00:00:00Z"))
    }

    @Test("§6.3: silent grace (grace 0) stays ACTIVE and entitled for V-PRE-HOLD-RETRY days, sends nothing, then account hold",
          arguments: [1, 2])
    func silentGrace(days: Int) throws {
        var s = try Self.subscribed(playVariations { $0.graceDays = 0; $0.silentRetryDays = days })
        try s.run("setBilling(fail)")
        #expect(try s.run("advanceTime(P1M)").notificationTypes == [])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(s.entitled == ["basic"])
        try s.run("advanceTime(PT\(days * 24 - 1)H)")
        #expect(s.status(1) == .active)
        #expect(try s.run("advanceTime(PT1H)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
    }

    @Test("§6.3: on hold there is no access, expiryTime is in the past, and the query leaves it out")
    func hold() throws {
        var s = try Self.subscribed()
        try s.run("setBilling(fail)", "advanceTime(P1M)")
        let effects = try s.run("advanceTime(P7D)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ON_HOLD")
        #expect(s.entitled == [])
        #expect(s.queried == [])
        #expect(s.token(1).subscription!.expiry < s.model.now)
    }

    @Test("§6.3: recovery from hold keeps the token, sends SUBSCRIPTION_RECOVERED and moves the billing date to the recovery")
    func holdRecovery() throws {
        var s = try Self.subscribed()
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P10D)")
        let effects = try s.run("setBilling(ok)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_RECOVERED"])
        #expect(s.status(1) == .active)
        #expect(s.token(1).subscription?.expiry == utc("2026-03-11T00:00:00Z"))
        #expect(s.queried == ["token-1"])
    }

    @Test("§6.3 V-GRACE-DAYS, V-HOLD-DAYS: hold lasts 60 days minus grace (or the legacy 30), then CANCELED and at once EXPIRED",
          arguments: [(7, false, 53), (3, false, 57), (7, true, 30), (14, true, 30)])
    func holdEnds(grace: Int, legacy: Bool, holdDays: Int) throws {
        var s = try Self.subscribed(playVariations { $0.graceDays = grace; $0.legacyHoldDays = legacy })
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P\(grace)D)")
        #expect(s.status(1) == .onHold)
        try s.run("advanceTime(PT\(holdDays * 24 - 1)H)")
        #expect(s.status(1) == .onHold)
        #expect(try s.run("advanceTime(PT1H)").notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
        #expect(s.status(1) == .expired)
    }

    @Test("§6.3: a repurchase during hold is a new token")
    func repurchaseDuringHold() throws {
        var s = try Self.subscribed()
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P7D)", "purchase(basic-monthly)")
        #expect(s.model.tokens.count == 2)
        #expect(s.token(2).linkedToken == nil)
        #expect(s.entitled == ["basic"])
    }

    @Test("§6.4: a scheduled pause keeps access until the renewal date; then PAUSED without access, resumed automatically")
    func pause() throws {
        var s = try Self.subscribed()
        #expect(try s.run("pause(#1, P1M)").notificationTypes == ["SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(s.entitled == ["basic"])
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_PAUSED"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_PAUSED")
        #expect(s.entitled == [])
        #expect(s.queried == [])
        #expect(s.token(1).subscription?.autoRenew == true)
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_RECOVERED"])
        #expect(s.entitled == ["basic"])
    }

    @Test("§6.4: a manual resume moves the billing date to the resume; a failed resume payment goes to hold", arguments: [true, false])
    func manualResume(paymentOK: Bool) throws {
        var s = try Self.subscribed()
        try s.run("pause(#1, P3M)", "advanceTime(P1M)", "advanceTime(P10D)")
        if !paymentOK { try s.run("setBilling(fail)") }
        let effects = try s.run("unpause(#1)")
        #expect(effects.notificationTypes == [paymentOK ? "SUBSCRIPTION_RECOVERED" : "SUBSCRIPTION_ON_HOLD"])
        if paymentOK { #expect(s.token(1).subscription?.expiry == utc("2026-03-11T00:00:00Z")) }
        #expect(s.status(1) == (paymentOK ? .active : .onHold))
    }

    @Test("§6.4: annual and prepaid plans cannot pause; monthly plans pause 1–3 months")
    func pauseLimits() throws {
        var s = PlayScenario()
        try s.run("purchase(pro-yearly)", "purchase(pro-pass30)")
        #expect(try s.rejects("pause(#1, P1M)"))
        let m = try Self.subscribed()
        #expect(try m.rejects("pause(#1, P4M)"))
        #expect(try !m.rejects("pause(#1, P3M)"))
        #expect(PlayModel.pauseLengths(for: ISODuration(years: 1)) == nil)
    }

    @Test("§6.5: a canceled subscription stays entitled (and in the query) until expiry, then SUBSCRIPTION_EXPIRED")
    func cancel() throws {
        var s = try Self.subscribed()
        #expect(try s.run("cancel(#1)").notificationTypes == ["SUBSCRIPTION_CANCELED"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_CANCELED")
        #expect(s.entitled == ["basic"])
        #expect(s.model.purchase(of: 0).autoRenewing == false)
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_EXPIRED"])
        #expect(s.entitled == [])
        #expect(s.queried == [])
    }

    @Test("§6.5: restore before expiry keeps the token and sends SUBSCRIPTION_RESTARTED; it renews as if never canceled")
    func restore() throws {
        var s = try Self.subscribed()
        try s.run("cancel(#1)")
        #expect(try s.run("restore(#1)").notificationTypes == ["SUBSCRIPTION_RESTARTED"])
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(s.model.tokens.count == 1)
    }

    @Test("§6.5: an in-app re-signup before expiry is a new token linked to the old one, which stops entitling")
    func resignup() throws {
        var s = try Self.subscribed()
        try s.run("cancel(#1)", "purchase(basic-monthly)")
        #expect(s.token(2).linkedToken == 1)
        #expect(s.status(1) == .replaced)
        #expect(s.token(2).subscription?.expiry == utc("2026-02-01T00:00:00Z"), "same plan: the original renewal date")
        #expect(s.model.subscriptionV2(of: 1)?["linkedPurchaseToken"] == .string("token-1"))
    }

    @Test("§6.5: resubscribing after expiry makes a new token with no link")
    func resubscribeAfterExpiry() throws {
        var s = try Self.subscribed()
        try s.run("cancel(#1)", "advanceTime(P2M)", "purchase(basic-monthly)")
        #expect(s.token(2).linkedToken == nil)
        #expect(s.entitled == ["basic"])
    }

    @Test("§1: a free trial is granted once per subscription; canceling in the trial keeps access to its end")
    func freeTrial() throws {
        var s = try PlayScenario(owning: "pro-monthly")
        #expect(s.token(1).subscription?.expiry == utc("2026-01-08T00:00:00Z"))
        try s.run("cancel(#1)", "advanceTime(P6D)")
        #expect(s.entitled == ["pro"])
        try s.run("advanceTime(P1D)", "purchase(pro-monthly)")
        #expect(s.token(2).subscription?.expiry == utc("2026-02-08T00:00:00Z"), "no second trial")
    }

    @Test("§1: a prepaid plan never renews and cannot be canceled; V-PREPAID-EXPIRED-STATE names the run-out state", arguments: [false, true])
    func prepaid(canceledState: Bool) throws {
        var s = try PlayScenario(owning: "pro-pass30", playVariations { $0.prepaidRunsOutCanceled = canceledState })
        #expect(try s.rejects("cancel(#1)"))
        #expect(try s.run("advanceTime(P30D)").notificationTypes == ["SUBSCRIPTION_EXPIRED"])
        #expect(s.entitled == [])
        #expect(s.state(1) == (canceledState ? "SUBSCRIPTION_STATE_CANCELED" : "SUBSCRIPTION_STATE_EXPIRED"))
    }

    @Test("§3: only prepaid plans can be pending; a pending subscription reads SUBSCRIPTION_STATE_PENDING")
    func pendingSubscription() throws {
        var s = PlayScenario()
        #expect(try s.rejects("purchase(pro-monthly, outcome: pending)"))
        try s.run("purchase(pro-pass30, outcome: pending)")
        #expect(s.state(1) == "SUBSCRIPTION_STATE_PENDING")
        #expect(try s.run("cancelPending(#1)").notificationTypes == ["SUBSCRIPTION_PENDING_PURCHASE_CANCELED"])
        #expect(s.state(1) == "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED")
    }
}

extension PlaySubscriptionTests {
    @Test("§6.3, §6.5: a subscription canceled during grace is not charged when billing is fixed; it ends with grace")
    func canceledInGraceIsNotRecovered() throws {
        var s = try Self.subscribed()
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P3D)", "cancel(#1)")
        #expect(s.status(1) == .canceled)
        #expect(try s.run("setBilling(ok)").notificationTypes == [])
        #expect(s.entitled == ["basic"])
        try s.run("advanceTime(P4D)")
        #expect(s.status(1) == .expired)
        #expect(s.entitled == [])
    }
}
