import ConformanceRunner
import PurchaseStateMachine
import Testing

/// The Voided Purchases API (`purchases.voidedpurchases.list`, §8).
@Suite("Google Play: the Voided Purchases API")
struct PlayVoidedPurchasesTests {
    @Test("§8: the Voided Purchases API lists a void for 30 days after Google recorded it, filtered on the void's time, not the purchase's")
    func thirtyDayWindow() throws {
        var s = try PlayScenario(owning: "lifetime")
        try s.run("advanceTime(P40D)", "void(#1, refund)")
        let listed = s.model.voidedPurchases()
        #expect(listed.map(\.token) == ["token-1"], "bought 40 days ago, voided now")
        #expect(listed.first?.voidedTime == s.model.now)
        #expect(listed.first?.orderID == "GPA.1-0")
        try s.run("advanceTime(P30D)")
        #expect(s.model.voidedPurchases().map(\.token) == ["token-1"], "still inside the 30 days")
        try s.run("advanceTime(PT1S)")
        #expect(s.model.voidedPurchases().isEmpty, "recorded more than 30 days ago")
    }

    @Test("§8: type 0 lists one-time products only; type 1 adds subscriptions with the latest orderId, since renewals share the token")
    func typeFilter() throws {
        var s = try PlayScenario(owning: "basic-monthly")
        try s.run("advanceTime(P1M)", "purchase(lifetime)")
        s.ack(2)
        try s.run("void(#1, revoke)", "void(#2, chargeback)")
        #expect(s.model.voidedPurchases().map(\.token) == ["token-2"])
        let all = s.model.voidedPurchases(includeSubscriptions: true)
        #expect(all.map(\.token) == ["token-1", "token-2"])
        #expect(all.first?.orderID == "GPA.1-1", "the renewal's order, not the first one")
        #expect(all.map(\.isSubscription) == [true, false])
    }

    @Test("§4, §8: a refund without revoke is never listed; Google's automatic refund of an unacknowledged purchase is")
    func whatIsVoided() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)", "void(#1, refundWithoutRevoke)")
        #expect(s.model.voidedPurchases().isEmpty)
        try s.run("advanceTime(P3D)")
        #expect(s.model.voidedPurchases().map(\.cause) == [.unacknowledged])
        #expect(s.model.voidedPurchases().first?.voidedTime == s.token(1).purchasedAt.map { $0.adding(.days(3)) })
    }
}
