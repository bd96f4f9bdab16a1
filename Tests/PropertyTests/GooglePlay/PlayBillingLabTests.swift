import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// Play Billing Lab (§11 "Accelerate subscription state transition"): the `billingLab` event.
@Suite("Google Play: Play Billing Lab")
struct PlayBillingLabTests {
    /// A license tester's monthly subscription, acknowledged.
    static func testerSubscribed() throws -> PlayScenario {
        try PlayScenario(owning: "basic-monthly", catalog: PlayLicenseTestingTests.catalog)
    }

    @Test("§11: Play Billing Lab moves a tester's acknowledged subscription straight into grace; its payment method then declines")
    func intoGrace() throws {
        var s = try Self.testerSubscribed()
        #expect(try s.run("billingLab(#1, grace)").notificationTypes == ["SUBSCRIPTION_IN_GRACE_PERIOD"])
        #expect(s.status(1) == .inGracePeriod)
        #expect(s.entitled == ["basic"], "grace keeps access")
        #expect(!s.model.billingOK)
        #expect(PlayLicenseTestingTests.minutesLeft(s, 1) == 5, "a tester's grace lasts 5 minutes")
        #expect(try s.run("advanceTime(PT5M)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"], "the payment method declines")
        #expect(try s.run("setBilling(ok)").notificationTypes == ["SUBSCRIPTION_RECOVERED"])
        #expect(s.entitled == ["basic"])
    }

    @Test("§11: Play Billing Lab moves a tester's acknowledged subscription straight into account hold: no access, then the end after 10 minutes")
    func intoHold() throws {
        var s = try Self.testerSubscribed()
        #expect(try s.run("billingLab(#1, hold)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        #expect(s.status(1) == .onHold)
        #expect(s.entitled.isEmpty)
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ON_HOLD")
        #expect(try s.run("advanceTime(PT10M)").notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    }

    @Test("§11: Play Billing Lab needs a license tester and an acknowledged, active subscription")
    func preconditions() throws {
        var unacknowledged = PlayLicenseTestingTests.tester()
        try unacknowledged.run("purchase(basic-monthly)")
        #expect(try unacknowledged.rejects("billingLab(#1, grace)"), "the subscription must be acknowledged first")
        let customer = try PlaySubscriptionTests.subscribed()
        #expect(try customer.rejects("billingLab(#1, hold)"), "not a license tester")
        var s = try Self.testerSubscribed()
        try s.run("billingLab(#1, grace)")
        #expect(try s.rejects("billingLab(#1, hold)"), "[INF] already failing")
        var noGrace = PlayLicenseTestingTests.tester { $0.graceDays = 0 }
        try noGrace.run("purchase(basic-monthly)")
        noGrace.ack(1)
        #expect(try noGrace.rejects("billingLab(#1, grace)"), "[INF] a plan without grace")
        #expect(try !noGrace.rejects("billingLab(#1, hold)"))
    }

    @Test("§11: the reference app and backend follow Play Billing Lab's grace and hold")
    func referencesFollow() throws {
        for state in ["grace", "hold"] {
            var history = PlayHistory(events: try ["purchase(basic-monthly)", "billingLab(#1, \(state))", "relaunch", "advanceTime(PT5M)", "relaunch"]
                .map { try PlayEvent(compact: $0) })
            history.catalog = PlayLicenseTestingTests.catalog
            #expect(PlayBuiltInSubjects.referenceFailures(history) == [], "\(state)")
        }
    }

    @Test("§11: the reference app and backend pass a tester's histories with Play Billing Lab drawn", arguments: ["play-reference-app", "play-reference-server"])
    func referencesPassCampaign(name: String) throws {
        let runner = try #require(PlayBuiltInSubjects.named(name))
        let result = runner.campaign(PlayHistoryGenerator(catalog: PlayLicenseTestingTests.catalog), configuration: .play(seed: Seed(0xb11), histories: 3_000))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
        #expect(result.historiesRun == 3_000)
    }

    @Test("§11: the Python reference app and backend pass a tester's histories with Play Billing Lab drawn",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"), arguments: [[String](), ["--server"]])
    func pythonPasses(flags: [String]) throws {
        let result = try ExternalFixtures.playExampleCampaign(flags, catalog: PlayLicenseTestingTests.catalog, seed: Seed(0xb11), histories: 1_000)
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}
