import PurchaseStateMachine
import Testing

/// A store grace setting, a product, and when its grace after a failed renewal ends.
struct GraceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var grace: ISODuration
    var product: String
    var period: String
    var graceEnd: String?
    var testDescription: String { name }
}

@Suite("Billing grace, billing retry and recovery (§7.2)")
struct ModelBillingTests {
    static let graceLengths: [GraceCase] = [
        GraceCase(name: "§7.2: a monthly plan gets 3 days of grace when the store sets P3D",
                  grace: .days(3), product: "pro.m", period: "P1M", graceEnd: "2026-02-04T00:00:00Z"),
        GraceCase(name: "§7.2: a monthly plan gets 16 days of grace when the store sets P16D",
                  grace: .days(16), product: "pro.m", period: "P1M", graceEnd: "2026-02-17T00:00:00Z"),
        GraceCase(name: "§7.2: a monthly plan gets 28 days of grace when the store sets P28D",
                  grace: .days(28), product: "pro.m", period: "P1M", graceEnd: "2026-03-01T00:00:00Z"),
        GraceCase(name: "§7.2: a yearly plan gets the full grace length too",
                  grace: .days(28), product: "pro.y", period: "P1Y", graceEnd: "2027-01-29T00:00:00Z"),
        GraceCase(name: "§7.2: a weekly plan gets 3 days when the store sets P3D",
                  grace: .days(3), product: "weekly", period: "P1W", graceEnd: "2026-01-11T00:00:00Z"),
        GraceCase(name: "§7.2 (model choice): a weekly plan gets 6 days when the store sets P16D",
                  grace: .days(16), product: "weekly", period: "P1W", graceEnd: "2026-01-14T00:00:00Z"),
        GraceCase(name: "§7.2 (model choice): a weekly plan gets 6 days when the store sets P28D",
                  grace: .days(28), product: "weekly", period: "P1W", graceEnd: "2026-01-14T00:00:00Z"),
        GraceCase(name: "§7.2: no grace when the store sets P0D",
                  grace: .zero, product: "pro.m", period: "P1M", graceEnd: nil),
    ]

    @Test("The grace period starts at the failed renewal and has the length Apple assigns", arguments: graceLengths)
    func graceLength(_ c: GraceCase) throws {
        var store = try ScenarioStore(settings: StoreSettings(gracePeriod: c.grace))
        let group = try #require(store.model.catalog.product(c.product)?.subscription?.group)
        try store.run("purchase(\(c.product))", "setBilling(fail)")
        let failure = try store.run("advanceTime(\(c.period))")
        #expect(failure.notificationLabels == [c.graceEnd == nil ? "DID_FAIL_TO_RENEW" : "DID_FAIL_TO_RENEW/GRACE_PERIOD"])
        #expect(failure.updates.isEmpty, "a failed renewal creates no transaction")
        #expect(try store.status(group).renewalInfo.gracePeriodExpirationDate == utc(c.graceEnd))
        guard let graceEnd = utc(c.graceEnd) else { return }
        let seconds = store.model.state.now.seconds(to: graceEnd)
        try store.run("advanceTime(PT\(seconds - 1)S)")
        #expect(try store.status(group).state == .inGracePeriod)
        let end = try store.run("advanceTime(PT1S)")
        #expect(end.notificationLabels == ["GRACE_PERIOD_EXPIRED"])
        #expect(try store.status(group).state == .inBillingRetryPeriod)
        #expect(store.entitled == [])
    }

    @Test("§7.2: recovering during grace keeps the billing cycle")
    func recoveryInGrace() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P5D)")
        let recovery = try store.run("setBilling(ok)")
        #expect(recovery.notificationLabels == ["DID_RENEW/BILLING_RECOVERY"])
        #expect(recovery.updates == [2])
        let tx = try store.tx(2)
        #expect(tx.reason == .renewal)
        #expect(tx.originalID == 1)
        #expect(tx.purchaseDate == utc("2026-02-06T00:00:00Z"), "charged on the recovery date")
        #expect(tx.expirationDate == utc("2026-03-01T00:00:00Z"), "the billing anchor is kept")
        #expect(try store.status("G").state == .subscribed)
        #expect(try store.status("G").renewalInfo.expirationReason == nil)
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(3).expirationDate == utc("2026-04-01T00:00:00Z"))
    }

    @Test("§7.2: recovering after grace restarts the billing cycle on the recovery date")
    func recoveryAfterGrace() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P19D)")
        #expect(try store.status("G").state == .inBillingRetryPeriod)
        let recovery = try store.run("setBilling(ok)")
        #expect(recovery.notificationLabels == ["DID_RENEW/BILLING_RECOVERY"])
        let tx = try store.tx(2)
        #expect(tx.purchaseDate == utc("2026-02-20T00:00:00Z"))
        #expect(tx.expirationDate == utc("2026-03-20T00:00:00Z"), "a new billing date on the recovery date")
        #expect(store.entitled == ["pro.m"])
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(3).expirationDate == utc("2026-04-20T00:00:00Z"), "later renewals follow the new date")
    }

    @Test("§7.2: recovering with no grace configured also restarts the cycle")
    func recoveryWithoutGrace() throws {
        var store = try ScenarioStore(settings: StoreSettings(gracePeriod: .zero))
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P2D)", "setBilling(ok)")
        #expect(try store.tx(2).expirationDate == utc("2026-03-03T00:00:00Z"))
    }

    @Test("§7.2: billing retry gives up 60 days after the failed renewal")
    func retryExhaustion() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)")
        try store.run("advanceTime(P59DT23H59M59S)")
        #expect(try store.status("G").state == .inBillingRetryPeriod)
        let end = try store.run("advanceTime(PT1S)")
        #expect(store.now == "2026-04-02T00:00:00Z")
        #expect(end.notificationLabels == ["EXPIRED/BILLING_RETRY"])
        let status = try store.status("G")
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .billingError)
        #expect(status.renewalInfo.autoRenewPreference == nil, "§7.1: nil after a lapse due to a billing issue")
        #expect(try store.run("setBilling(ok)").isEmpty, "fixing billing after expiry recovers nothing")
        #expect(store.model.state.transactionCount == 1)
    }

    @Test("§7.2: a shorter billing retry setting ends retry sooner")
    func shorterRetry() throws {
        var store = try ScenarioStore(settings: StoreSettings(gracePeriod: .days(3), billingRetry: .days(10)))
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P10D)")
        #expect(try store.status("G").state == .expired)
    }

    @Test("§7.2: cancelling during grace or billing retry ends the subscription at once",
          arguments: ["P2D", "P20D"])
    func cancelInTrouble(after: String) throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(\(after))")
        let cancel = try store.run("setAutoRenew(G, off)")
        #expect(cancel.notificationLabels == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
        let status = try store.status("G")
        #expect(status.state == .expired)
        #expect(status.renewalInfo.isInBillingRetry == false)
        #expect(store.entitled == [])
        #expect(store.currentEntitlements == [])
    }

    @Test("§7.2: renewals succeed again after billing is fixed, with no recovery needed when nothing failed")
    func billingFixedBeforeRenewal() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)")
        #expect(try store.run("setBilling(ok)").isEmpty)
        let renewal = try store.run("advanceTime(P1M)")
        #expect(renewal.notificationLabels == ["DID_RENEW"])
    }

    @Test("§7.2: one billing fix recovers every group in trouble")
    func recoveryOfSeveralGroups() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "purchase(weekly)", "setBilling(fail)", "advanceTime(P1M)")
        #expect(try store.status("G").state == .inGracePeriod)
        #expect(try store.status("W").state == .inBillingRetryPeriod, "the weekly grace (6 days) is over")
        let fix = try store.run("setBilling(ok)")
        #expect(fix.notificationLabels == ["DID_RENEW/BILLING_RECOVERY", "DID_RENEW/BILLING_RECOVERY"])
        #expect(store.entitled == ["pro.m", "weekly"])
    }
}
