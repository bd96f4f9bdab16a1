import PurchaseStateMachine
import Testing

/// A store whose variations differ from the default by `change`.
private func store(_ change: (inout StoreVariations) -> Void, grace: ISODuration = .days(16)) throws -> ScenarioStore {
    try ScenarioStore(settings: variationSettings(change, grace: grace))
}

@Suite("Store variations about plan changes and renewals (§8, §10, §18.1–18.5)")
struct ModelVariationPlanTests {
    @Test("upgradedTransactionInCurrentEntitlements (§18.1): the upgraded-from plan stays listed while its period lasts")
    func upgradedListed() throws {
        var on = try store { $0.upgradedTransactionInCurrentEntitlements = true }
        var off = try ScenarioStore()
        try on.run("purchase(basic.y)", "purchase(pro.m)")
        try off.run("purchase(basic.y)", "purchase(pro.m)")
        #expect(on.currentEntitlements == [1, 2])
        #expect(off.currentEntitlements == [2])
        #expect(on.entitled == off.entitled)
        try on.run("advanceTime(P1Y)")
        #expect(!on.currentEntitlements.contains(1), "not after the old period ends")
    }

    @Test("upgradedTransactionRevoked (§18.1): the upgraded-from transaction also gets a revocationDate")
    func upgradedRevoked() throws {
        var on = try store { $0.upgradedTransactionRevoked = true }
        try on.run("purchase(basic.y)", "advanceTime(P1D)", "purchase(pro.m)")
        #expect(try on.tx(1).revocationDate == utc("2026-01-02T00:00:00Z"))
        #expect(try on.tx(1).isUpgraded)
        #expect(on.entitled == ["pro.m"], "the new plan is unaffected")
        var off = try ScenarioStore()
        try off.run("purchase(basic.y)", "purchase(pro.m)")
        #expect(try off.tx(1).revocationDate == nil)
    }

    @Test("upgradedTransactionDelivery (§18.1): the upgraded-from transaction comes before, after, or not at all",
          arguments: [
            (UpgradedTransactionDelivery.beforePurchaseResult, ["update #1", "result #2"]),
            (.afterPurchaseResult, ["result #2", "update #1"]),
            (.notDelivered, ["result #2"]),
          ])
    func upgradedDelivery(delivery: UpgradedTransactionDelivery, expected: [String]) throws {
        var s = try store { $0.upgradedTransactionDelivery = delivery }
        try s.run("purchase(basic.y)")
        let messages = try s.run("purchase(pro.m)").appMessages.map { message -> String in
            switch message {
            case .update(let d): return "update #\(d.transaction.id)"
            case .purchaseResult(_, _, let d): return "result #\(d?.transaction.id ?? 0)"
            default: return "other"
            }
        }
        #expect(messages == expected)
    }

    @Test("upgradedTransactionDelivery (§18.1): an upgrade approved through Ask to Buy delivers the old transaction first unless not delivered")
    func upgradedDeliveryOutsideApp() throws {
        var s = try store { $0.upgradedTransactionDelivery = .afterPurchaseResult }
        try s.run("purchase(basic.y)", "purchase(pro.m, outcome: pending)")
        #expect(try s.run("askToBuy(1, approve)").updates == [1, 2])
    }

    @Test("upgradeStartsNewOriginalID (§18.2): an upgrade starts a new originalID that its renewals keep")
    func upgradeNewOriginal() throws {
        var on = try store { $0.upgradeStartsNewOriginalID = true }
        try on.run("purchase(basic.y)", "purchase(pro.m)", "advanceTime(P1M)")
        #expect(try on.tx(2).originalID == 2)
        #expect(try on.tx(3).originalID == 2)
        #expect(try on.tx(2).originalPurchaseDate == on.tx(2).purchaseDate)
    }

    @Test("resubscribeStartsNewOriginalID (§18.2): a resubscription after a lapse starts a new originalID")
    func resubscribeNewOriginal() throws {
        var on = try store { $0.resubscribeStartsNewOriginalID = true }
        try on.run("purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)", "purchase(pro.m)")
        #expect(try on.tx(2).originalID == 2)
        var off = try ScenarioStore()
        try off.run("purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)", "purchase(pro.m)")
        #expect(try off.tx(2).originalID == 1)
    }

    @Test("immediateCrossgradeHasNoSubtype (§18.3): a same-duration crossgrade is announced with no subtype; upgrades keep UPGRADE")
    func immediateCrossgradeSubtype() throws {
        var on = try store { $0.immediateCrossgradeHasNoSubtype = true }
        try on.run("purchase(pro.m)")
        #expect(try on.run("purchase(pro.m2)").notificationLabels == ["DID_CHANGE_RENEWAL_PREF"])
        var upgrade = try store { $0.immediateCrossgradeHasNoSubtype = true }
        try upgrade.run("purchase(basic.m)")
        #expect(try upgrade.run("purchase(pro.m)").notificationLabels == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])
    }

    @Test("delayedCrossgradeIsDowngrade (§18.3): a different-duration crossgrade is announced as DOWNGRADE")
    func delayedCrossgradeSubtype() throws {
        var on = try store { $0.delayedCrossgradeIsDowngrade = true }
        try on.run("purchase(pro.m)")
        #expect(try on.run("purchase(pro.y)").notificationLabels == ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"])
    }

    @Test("billingRetryContinuesAfterRefund (§18.5): after a refund in grace a billing fix still renews, until retry ends")
    func retryAfterRefund() throws {
        var on = try store { $0.billingRetryContinuesAfterRefund = true }
        try on.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "refund(#1)")
        #expect(try on.status("G").state == .revoked)
        #expect(on.entitled == [])
        let fix = try on.run("setBilling(ok)")
        #expect(fix.notificationLabels == ["DID_RENEW/BILLING_RECOVERY"])
        #expect(on.entitled == ["pro.m"])
        var late = try store { $0.billingRetryContinuesAfterRefund = true }
        try late.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "refund(#1)", "advanceTime(P60D)")
        #expect(try late.run("setBilling(ok)").isEmpty, "retry ended 60 days after the failure")
    }

    @Test("pendingDowngradeSurvivesRefund (§18.5): a pending downgrade stays the renewal preference after a refund")
    func downgradeSurvivesRefund() throws {
        var on = try store { $0.pendingDowngradeSurvivesRefund = true }
        try on.run("purchase(pro.m)", "purchase(basic.m)", "refund(#1)")
        #expect(try on.status("G").renewalInfo.autoRenewPreference == "basic.m")
        var off = try ScenarioStore()
        try off.run("purchase(pro.m)", "purchase(basic.m)", "refund(#1)")
        #expect(try off.status("G").renewalInfo.autoRenewPreference == nil)
    }

    @Test("graceAppliesToOfferConversion (§7.2): when off, a failed conversion from a free trial gets no grace")
    func graceOnConversion() throws {
        var off = try store { $0.graceAppliesToOfferConversion = false }
        try off.run("purchase(basic.m)", "setBilling(fail)")
        #expect(try off.run("advanceTime(P1W)").notificationLabels == ["DID_FAIL_TO_RENEW"])
        #expect(try off.status("G").state == .inBillingRetryPeriod)
        var paid = try store { $0.graceAppliesToOfferConversion = false }
        try paid.run("purchase(basic.m)", "advanceTime(P1W)", "setBilling(fail)", "advanceTime(P1M)")
        #expect(try paid.status("G").state == .inGracePeriod, "paid renewals still get grace")
        var on = try ScenarioStore()
        try on.run("purchase(basic.m)", "setBilling(fail)", "advanceTime(P1W)")
        #expect(try on.status("G").state == .inGracePeriod)
    }

    @Test("nonRenewingHasExpirationDate (§18.6): a non-renewing transaction carries purchase + duration")
    func nonRenewingExpiration() throws {
        var on = try store { $0.nonRenewingHasExpirationDate = true }
        try on.run("purchase(pass30)")
        #expect(try on.tx(1).expirationDate == utc("2026-01-31T00:00:00Z"))
    }
}
