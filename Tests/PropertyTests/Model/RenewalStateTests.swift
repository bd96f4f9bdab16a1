import PurchaseStateMachine
import Testing

/// A subscription driven into one renewal state, and what every view shows there.
struct RenewalStateCase: Sendable, CustomTestStringConvertible {
    var name: String
    var grace: ISODuration = .days(16)
    var events: [String]
    var state: RenewalState
    var willAutoRenew: Bool
    var autoRenewPreference: String?
    var expirationReason: ExpirationReason?
    var gracePeriodExpirationDate: String?
    var isInBillingRetry: Bool
    var currentEntitlements: [UInt64]
    var entitlement: EntitlementStatus
    var serverStatus: Int
    var testDescription: String { name }
}

@Suite("Renewal states and the isInBillingRetry table (§3.1, §7.2, §7.3)")
struct ModelRenewalStateTests {
    static let cases: [RenewalStateCase] = [
        RenewalStateCase(
            name: "§7.2 row 1 / §7.3: subscribed — no retry, no reason, entitled, listed",
            events: ["purchase(pro.m)"], state: .subscribed, willAutoRenew: true, autoRenewPreference: "pro.m",
            isInBillingRetry: false, currentEntitlements: [1], entitlement: .subscribed, serverStatus: 1),
        RenewalStateCase(
            name: "§7.2 row 2 / §3.1: inGracePeriod — retrying, billingError, grace date set, entitled and listed though expired",
            events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"], state: .inGracePeriod,
            willAutoRenew: true, autoRenewPreference: "pro.m", expirationReason: .billingError,
            gracePeriodExpirationDate: "2026-02-17T00:00:00Z", isInBillingRetry: true, currentEntitlements: [1],
            entitlement: .inGracePeriod, serverStatus: 4),
        RenewalStateCase(
            name: "§7.2 row 3 / §3.1: inBillingRetryPeriod after grace — retrying, billingError, no grace date, not entitled",
            events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P16D)"],
            state: .inBillingRetryPeriod, willAutoRenew: true, autoRenewPreference: "pro.m",
            expirationReason: .billingError, isInBillingRetry: true, currentEntitlements: [],
            entitlement: .inBillingRetry, serverStatus: 3),
        RenewalStateCase(
            name: "§7.2 row 3: with no grace period configured a failed renewal goes straight to billing retry",
            grace: .zero, events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"],
            state: .inBillingRetryPeriod, willAutoRenew: true, autoRenewPreference: "pro.m",
            expirationReason: .billingError, isInBillingRetry: true, currentEntitlements: [],
            entitlement: .inBillingRetry, serverStatus: 3),
        RenewalStateCase(
            name: "§7.2 row 4: expired after billing retry — no retry, billingError, not entitled",
            events: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P60D)"],
            state: .expired, willAutoRenew: false, expirationReason: .billingError, isInBillingRetry: false,
            currentEntitlements: [], entitlement: .expired, serverStatus: 2),
        RenewalStateCase(
            name: "§7.1 / §7.3: expired after auto-renew was turned off — autoRenewDisabled, not entitled",
            events: ["purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P1M)"], state: .expired,
            willAutoRenew: false, expirationReason: .autoRenewDisabled, isInBillingRetry: false,
            currentEntitlements: [], entitlement: .expired, serverStatus: 2),
        RenewalStateCase(
            name: "§7.3 / §9: revoked after a refund — not renewing, not entitled, not listed",
            events: ["purchase(pro.m)", "refund(#1)"], state: .revoked, willAutoRenew: false,
            isInBillingRetry: false, currentEntitlements: [], entitlement: .revoked, serverStatus: 5),
    ]

    @Test("Each renewal state shows in status, renewal info, currentEntitlements and expectations", arguments: cases)
    func renewalState(_ c: RenewalStateCase) throws {
        var store = try ScenarioStore(settings: StoreSettings(gracePeriod: c.grace))
        for event in c.events { try store.run(event) }
        let status = try store.status("G")
        #expect(status.state == c.state)
        #expect(status.state.isEntitled == (c.state == .subscribed || c.state == .inGracePeriod))
        #expect(status.state.serverStatus == c.serverStatus)
        #expect(status.renewalInfo.willAutoRenew == c.willAutoRenew)
        #expect(status.renewalInfo.autoRenewPreference == c.autoRenewPreference)
        #expect(status.renewalInfo.expirationReason == c.expirationReason)
        #expect(status.renewalInfo.gracePeriodExpirationDate == utc(c.gracePeriodExpirationDate))
        #expect(status.renewalInfo.isInBillingRetry == c.isInBillingRetry)
        #expect(store.currentEntitlements == c.currentEntitlements)
        #expect(try store.entitlement("pro.m") == c.entitlement)
        #expect(store.entitled == (c.entitlement.isEntitled ? ["pro.m"] : []))
    }

    @Test("§7.3: a customer who never subscribed has no status for the group")
    func neverSubscribed() throws {
        var store = try ScenarioStore()
        try store.run("purchase(lifetime)")
        #expect(store.model.statuses.isEmpty)
        #expect(try store.entitlement("pro.m") == .notPurchased)
    }

    @Test("§14 / B18: in grace the latest transaction's expirationDate is already past, and it still entitles")
    func graceEntitlesPastExpiration() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P3D)")
        let expiration = try #require(try store.tx(1).expirationDate)
        #expect(expiration < store.model.state.now)
        #expect(store.currentEntitlements == [1])
        #expect(store.entitled == ["pro.m"])
        #expect(store.entitled(policy: AppPolicy(billingGraceEntitles: false)) == [])
    }
}
