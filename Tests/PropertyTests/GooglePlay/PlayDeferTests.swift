import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// `subscriptionsv2.defer` (§6.5, §10.1): the `defer(#N, DURATION)` event.
@Suite("Google Play: developer defer")
struct PlayDeferTests {
    @Test("§6.5, §10.1: a defer moves the renewal date, sends SUBSCRIPTION_DEFERRED and keeps the subscription ACTIVE with no charge")
    func movesRenewalDate() throws {
        var s = try PlaySubscriptionTests.subscribed()
        let order = s.token(1).orderID
        #expect(s.token(1).subscription?.expiry == utc("2026-02-01T00:00:00Z"))
        let effects = try s.run("defer(#1, P10D)")
        #expect(effects.notificationTypes == ["SUBSCRIPTION_DEFERRED"])
        guard case .notification(let n)? = effects.messages.first else { Issue.record("no notification"); return }
        #expect(n.type.number == 9)
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(s.token(1).subscription?.expiry == utc("2026-02-11T00:00:00Z"))
        #expect(s.token(1).orderID == order, "no charge")
        // The old renewal date passes with no renewal and no loss of access.
        #expect(try s.run("advanceTime(P1M)").notificationTypes.isEmpty)
        #expect(s.entitled == ["basic"])
        #expect(s.token(1).orderID == order)
        // The renewal comes on the new date, and the next one a period after it (§11: defer shifts the anchor).
        #expect(try s.run("advanceTime(P10D)").notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(s.token(1).orderID != order)
        #expect(s.token(1).subscription?.expiry == utc("2026-03-11T00:00:00Z"))
        #expect(s.model.tokens.count == 1, "the same token")
    }

    @Test("§6.5: a defer moves a prepaid plan's expiry")
    func prepaidExpiry() throws {
        var s = try PlayScenario(owning: "pro-pass30")
        let expiry = try #require(s.token(1).subscription?.expiry)
        #expect(try s.run("defer(#1, P1W)").notificationTypes == ["SUBSCRIPTION_DEFERRED"])
        #expect(s.token(1).subscription?.expiry == expiry.adding(ISODuration(weeks: 1)))
        try s.run("advanceTime(P30D)")
        #expect(s.entitled == ["pro"], "still within the deferred expiry")
        #expect(try s.run("advanceTime(P1W)").notificationTypes.contains("SUBSCRIPTION_EXPIRED"))
        #expect(s.entitled.isEmpty)
    }

    @Test("§6.5: a defer is 1 day to 1 year per call, and only of an ACTIVE subscription; bad input is an error")
    func limits() throws {
        var s = try PlaySubscriptionTests.subscribed()
        #expect(try s.rejects("defer(#1, PT23H)"))
        #expect(try s.rejects("defer(#1, P1Y1D)"))
        #expect(try s.rejects("defer(#2, P1D)"))
        #expect(try !s.rejects("defer(#1, P1D)"))
        #expect(try !s.rejects("defer(#1, P1Y)"))
        try s.run("cancel(#1)")
        #expect(try s.rejects("defer(#1, P1D)"), "[INF] a canceled subscription has no renewal to move")
        var hold = try PlaySubscriptionTests.subscribed(playVariations { $0.graceDays = 3 })
        try hold.run("setBilling(fail)", "advanceTime(P1M)")
        #expect(hold.status(1) == .inGracePeriod)
        #expect(try hold.rejects("defer(#1, P1D)"), "[INF] not while a renewal charge is failing")
        #expect(throws: FormatError.self) { try PlayEvent(compact: "defer(#1, soon)") }
    }

    /// The reference backend, except that it takes a notification it does not expect as the end of access.
    enum EndsOnDeferred: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) throws -> String? {
            n.type == .subscriptionDeferred ? n.product : nil
        }
    }

    @Test("§6.5, §10.1: a backend that drops access on SUBSCRIPTION_DEFERRED is caught and shrunk to the defer; the reference subjects keep access")
    func deferredHandled() throws {
        let history = PlayHistory(events: try ["purchase(basic-monthly)", "defer(#1, P1D)"].map { try PlayEvent(compact: $0) })
        let quirky = QuirkyServer<EndsOnDeferred>.replayer
        #expect(quirky.replay(history).failure != nil)
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
        let campaign = QuirkyServer<EndsOnDeferred>.campaign(name: "ends-on-deferred")
        let failure = try #require(campaign.run().failure)
        #expect(failure.history.events.count == 2)
        #expect(failure.history.events.last?.kind == .deferBilling)
    }
}
