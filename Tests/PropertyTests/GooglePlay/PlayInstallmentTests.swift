import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Google Play: installment plans (§1 V-INSTALLMENTS)")
struct PlayInstallmentTests {
    static let on = playVariations { $0.installmentsOffered = true }

    /// A store with the installment plan bought and acknowledged.
    static func committed() throws -> PlayScenario {
        try PlayScenario(owning: "pro-installments", on)
    }

    func details(_ s: PlayScenario) -> JSONValue? {
        guard case .array(let items)? = s.model.subscriptionV2(of: 0)?["lineItems"] else { return nil }
        return items.first?["autoRenewingPlan"]?["installmentDetails"]
    }

    @Test("§1 V-INSTALLMENTS: off, installment plans cannot be bought or switched to; on, they can", arguments: [false, true])
    func scope(offered: Bool) throws {
        var s = PlayScenario(playVariations { $0.installmentsOffered = offered })
        #expect(try s.rejects("purchase(pro-installments)") == !offered)
        #expect(s.model.offers("pro-installments") == offered)
        try s.run("purchase(basic-monthly)")
        s.ack(1)
        #expect(try s.rejects("changePlan(#1, pro-installments, withTimeProration)") == !offered)
    }

    @Test("§1 V-INSTALLMENTS: a cancellation during the commitment is only scheduled; access and installments go on until the commitment ends")
    func cancellationWaitsForCommitment() throws {
        var s = try Self.committed()
        #expect(details(s)?["initialCommittedPaymentsCount"] == .int(3))
        #expect(details(s)?["remainingCommittedPaymentsCount"] == .int(2))
        try s.run("advanceTime(P10D)")
        #expect(try s.run("cancel(#1)").notificationTypes == ["SUBSCRIPTION_CANCELLATION_SCHEDULED"])
        #expect(SubscriptionNotificationNumber.of("SUBSCRIPTION_CANCELLATION_SCHEDULED") == 18)
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(details(s)?["pendingCancellation"] == .object([]))
        #expect(s.entitled == ["pro"])
        #expect(s.queried == ["token-1"])
        #expect(try s.rejects("cancel(#1)"), "already scheduled")
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_RENEWED"], "the second installment is charged")
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_RENEWED"], "the third and last")
        #expect(details(s)?["remainingCommittedPaymentsCount"] == .int(0))
        #expect(s.entitled == ["pro"])
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
        #expect(s.status(1) == .expired)
        #expect(s.entitled == [])
    }

    @Test("§1 V-INSTALLMENTS: without a cancellation a completed commitment starts a new one")
    func commitmentRenews() throws {
        var s = try Self.committed()
        try s.run("advanceTime(P3M)")
        #expect(s.status(1) == .active)
        #expect(details(s)?["remainingCommittedPaymentsCount"] == .int(2), "the fourth payment is the first of a new commitment")
        #expect(s.token(1).orders == 4)
    }

    @Test("§7 V-INSTALLMENTS: a plan change does not wait for the commitment, but never leaves installments within the subscription")
    func planChange() throws {
        var s = try Self.committed()
        try s.run("cancel(#1)")
        #expect(try s.rejects("changePlan(#1, pro-monthly, chargeFullPrice)"))
        #expect(try s.rejects("pause(#1, P1M)"), "installment plans do not pause")
        try s.run("changePlan(#1, basic-monthly, withTimeProration)")
        #expect(s.status(1) == .replaced)
        #expect(s.entitled == ["basic"])
    }

    @Test("§1 V-INSTALLMENTS: a catalog's installment plan needs its committed payments, and only it has them")
    func catalogFile() throws {
        let plan = #"{"subscriptions":[{"id":"s","basePlans":[{"id":"p","type":"installments","period":"P1M"}]}]}"#
        #expect(throws: FormatError.self) { try PlayCatalog(json: try JSONValue.parse(plan)) }
        let wrong = #"{"subscriptions":[{"id":"s","basePlans":[{"id":"p","type":"prepaid","period":"P1M","commitmentPayments":3}]}]}"#
        #expect(throws: FormatError.self) { try PlayCatalog(json: try JSONValue.parse(wrong)) }
        #expect(try PlayCatalog(json: PlayCatalog.example.json) == PlayCatalog.example)
    }

    /// The reference backend, except that a scheduled cancellation withdraws the subscription at once.
    enum RevokesOnScheduledCancel: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) -> String? {
            n.type == .subscriptionCancellationScheduled ? n.product : nil
        }
    }

    @Test("§1 V-INSTALLMENTS: a backend that ends access when an installment cancellation is scheduled is caught; the reference backend is not")
    func scheduledCancelCaught() throws {
        let events = try ["purchase(pro-installments)", "cancel(#1)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: Self.on, events: events)
        let naive = QuirkyServer<RevokesOnScheduledCancel>.replayer
        #expect(naive.replay(history).failure?.check == .entitlementsMatch)
        #expect(naive.replay(history).failure?.eventIndex == 1)
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
    }

    @Test("§1 V-INSTALLMENTS: the reference subjects pass generated histories with installment plans on",
          arguments: ["play-reference-app", "play-reference-server"])
    func referencesPass(name: String) throws {
        var generator = PlayHistoryGenerator(catalog: .example)
        generator.pinned = ["installmentPlansOffered": 1]
        let runner = try #require(PlayBuiltInSubjects.named(name))
        let result = runner.campaign(generator, configuration: .play(seed: Seed(0x1e5), histories: 600))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}

/// The documented `notificationType` number of a notification name.
enum SubscriptionNotificationNumber {
    static func of(_ name: String) -> Int? { PlayNotificationType(rawValue: name)?.number }
}
