import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// `subscriptionsv2.cancel` with either `cancellationType` (§6.5, §10.1): the `devCancel` event.
@Suite("Google Play: developer-initiated cancellation")
struct PlayDeveloperCancelTests {
    @Test("§6.5, §10.1: a developer cancel sends SUBSCRIPTION_CANCELED, names the developer in canceledStateContext and keeps access to the end of the period")
    func keepsAccessToPeriodEnd() throws {
        var s = try PlaySubscriptionTests.subscribed()
        let expiry = try #require(s.token(1).subscription?.expiry)
        #expect(try s.run("devCancel(#1)").notificationTypes == ["SUBSCRIPTION_CANCELED"])
        #expect(s.status(1) == .canceled)
        #expect(s.token(1).subscription?.autoRenew == false)
        #expect(s.token(1).subscription?.expiry == expiry, "the paid period is not cut short")
        let view = try #require(s.model.subscriptionV2(of: 0))
        #expect(view["subscriptionState"] == .string("SUBSCRIPTION_STATE_CANCELED"))
        #expect(view["canceledStateContext"] == .string("developerInitiatedCancellation"))
        #expect(s.entitled == ["basic"], "removing access while the user is entitled violates Play policy")
        #expect(s.queried == ["token-1"])
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_EXPIRED"], "no renewal charge")
        #expect(s.entitled.isEmpty)
    }

    @Test("§6.5: a developer cancel blocks the customer's restore, unlike a customer's cancel; the app may still sell the subscription again")
    func blocksRestore() throws {
        var s = try PlaySubscriptionTests.subscribed()
        try s.run("devCancel(#1)")
        let refusal = try #require(s.model.rejection(of: try PlayEvent(compact: "restore(#1)")))
        #expect(refusal.reason.contains("DEVELOPER_REQUESTED_STOP_PAYMENTS"), "\(refusal.reason)")
        try s.run("purchase(basic-monthly)")
        #expect(s.token(2).linkedToken == 1, "an in-app re-signup of the canceled, unlapsed subscription")
        #expect(s.entitled == ["basic"])
        var user = try PlaySubscriptionTests.subscribed()
        try user.run("cancel(#1)")
        #expect(try !user.rejects("restore(#1)"), "the customer's own cancel can be restored")
    }

    @Test("§6.5: a developer cancel with USER_REQUESTED_STOP_RENEWALS behaves like the customer's cancel: access to the end of the period, and the customer can restore it")
    func userRequestedStopRenewals() throws {
        var s = try PlaySubscriptionTests.subscribed()
        #expect(try s.run("devCancel(#1, userRequestedStopRenewals)").notificationTypes == ["SUBSCRIPTION_CANCELED"])
        #expect(s.status(1) == .canceled)
        #expect(s.entitled == ["basic"])
        #expect(s.model.subscriptionV2(of: 0)?["canceledStateContext"] == .string("developerInitiatedCancellation"), "[INF] the developer made the call")
        #expect(try s.run("restore(#1)").notificationTypes == ["SUBSCRIPTION_RESTARTED"])
        #expect(s.model.subscriptionV2(of: 0)?["canceledStateContext"] == nil)
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_RENEWED"], "renews as if never canceled")
        // The old spelling keeps its meaning: the default type, which blocks restore.
        #expect(try PlayEvent(compact: "devCancel(#1)") == .devCancel(token: 1, type: .developerRequestedStopPayments))
        #expect(try PlayEvent(compact: "devCancel(#1, developerRequestedStopPayments)").compact == "devCancel(#1)")
        let old = try PlayEvent(json: try JSONValue.parse(#"{"event": "devCancel", "token": 1}"#), index: 0)
        #expect(old == .devCancel(token: 1))
        #expect(throws: FormatError.self) { try PlayEvent(compact: "devCancel(#1, politely)") }
    }

    @Test("§6.5 [INF]: a developer cancel during account hold ends the subscription at once; a canceled, prepaid or unknown token is refused")
    func holdAndRefusals() throws {
        var s = try PlaySubscriptionTests.subscribed(playVariations { $0.graceDays = 3 })
        try s.run("setBilling(fail)", "advanceTime(P1M)", "advanceTime(P4D)")
        #expect(s.status(1) == .onHold)
        #expect(try s.run("devCancel(#1)").notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
        #expect(s.model.subscriptionV2(of: 0)?["canceledStateContext"] == .string("developerInitiatedCancellation"))
        #expect(try s.rejects("devCancel(#1)"))
        #expect(try s.rejects("devCancel(#9)"))
        var prepaid = PlayScenario()
        try prepaid.run("purchase(pro-pass30)")
        #expect(try prepaid.rejects("devCancel(#1)"), "a prepaid plan does not auto-renew")
        #expect(throws: FormatError.self) { try PlayEvent(compact: "devCancel(1)") }
    }

    /// The reference backend, except that it drops access as soon as the developer cancels.
    enum RevokesOnDeveloperCancel: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) throws -> String? {
            guard n.type == .subscriptionCanceled, let view = context.server(token: n.token),
                view["canceledStateContext"] == .string("developerInitiatedCancellation")
            else { return nil }
            return n.product
        }
    }

    @Test("§6.5: a backend that ends access at a developer cancel is caught and shrunk to it; the reference subjects keep access")
    func earlyRevocationCaught() throws {
        let history = PlayHistory(events: try ["purchase(basic-monthly)", "devCancel(#1)"].map { try PlayEvent(compact: $0) })
        let quirky = QuirkyServer<RevokesOnDeveloperCancel>.replayer
        #expect(quirky.replay(history).failure != nil)
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
        let campaign = QuirkyServer<RevokesOnDeveloperCancel>.campaign(name: "revokes-on-developer-cancel")
        let failure = try #require(campaign.run().failure)
        #expect(failure.history.events.count == 2)
        #expect(failure.history.events.last?.compact == "devCancel(#1)")
    }
}
