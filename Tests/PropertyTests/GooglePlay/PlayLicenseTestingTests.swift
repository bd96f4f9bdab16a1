import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// A license tester's accelerated clock (play-billing-semantics §11 "License testing") and the
/// conflicting acknowledgement deadline it comes with (§4, V-ACK-DEADLINE-TEST).
@Suite("Google Play: a license tester's purchases run on Google's test clock")
struct PlayLicenseTestingTests {
    /// The example catalog for a license tester, with a weekly, a three-month and a six-month plan added.
    static let catalog: PlayCatalog = {
        var c = PlayCatalog.example
        c.subscriptions.append(PlaySubscription(id: "extra", basePlans: [
            PlayBasePlan(id: "extra-weekly", kind: .autoRenewing, period: ISODuration(weeks: 1)),
            PlayBasePlan(id: "extra-quarterly", kind: .autoRenewing, period: ISODuration(months: 3)),
            PlayBasePlan(id: "extra-half", kind: .autoRenewing, period: ISODuration(months: 6)),
        ]))
        c.licenseTesting = true
        return c
    }()

    static func tester(_ change: (inout PlayVariations) -> Void = { _ in }) -> PlayScenario {
        PlayScenario(playVariations(change), catalog: catalog)
    }

    /// Minutes from now to token `n`'s expiry.
    static func minutesLeft(_ s: PlayScenario, _ n: Int) -> Int64 {
        s.model.now.seconds(to: s.token(n).subscription?.expiry ?? s.model.now) / 60
    }

    @Test("§11: a tester's period lasts 5 minutes for a week or a month, 10 for three months, 15 for six, 30 for a year",
          arguments: [("extra-weekly", 5), ("basic-monthly", 5), ("extra-quarterly", 10), ("extra-half", 15), ("pro-yearly", 30)])
    func renewalPeriods(plan: String, minutes: Int64) throws {
        var s = Self.tester()
        try s.run("purchase(\(plan))")
        #expect(Self.minutesLeft(s, 1) == minutes)
        s.ack(1)
        #expect(try s.run("advanceTime(PT\(minutes)M)").notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(Self.minutesLeft(s, 1) == minutes, "the next period is as short")
        var plain = PlayScenario()
        try plain.run("purchase(basic-monthly)")
        #expect(Self.minutesLeft(plain, 1) > 40_000, "a customer who is no tester pays by the month")
    }

    @Test("§11: a tester's free trial lasts 3 minutes")
    func freeTrial() throws {
        var s = Self.tester()
        try s.run("purchase(pro-monthly)")
        #expect(s.token(1).subscription?.inTrial == true)
        #expect(Self.minutesLeft(s, 1) == 3)
    }

    @Test("§11: a tester's grace lasts 5 minutes and account hold 10, then the subscription ends")
    func graceAndHold() throws {
        var s = try PlayScenario(owning: "basic-monthly", catalog: Self.catalog)
        try s.run("setBilling(fail)")
        #expect(try s.run("advanceTime(PT5M)").notificationTypes == ["SUBSCRIPTION_IN_GRACE_PERIOD"])
        #expect(try s.run("advanceTime(PT4M)").notificationTypes.isEmpty)
        #expect(try s.run("advanceTime(PT1M)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        #expect(try s.run("advanceTime(PT9M)").notificationTypes.isEmpty)
        #expect(try s.run("advanceTime(PT1M)").notificationTypes == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    }

    @Test("§11: a tester's pause of one, two or three months lasts 5, 10 or 15 minutes", arguments: [(1, 5), (2, 10), (3, 15)])
    func pause(months: Int, minutes: Int) throws {
        var s = try PlayScenario(owning: "basic-monthly", catalog: Self.catalog)
        try s.run("pause(#1, P\(months)M)")
        #expect(try s.run("advanceTime(PT5M)").notificationTypes == ["SUBSCRIPTION_PAUSED"])
        #expect(try s.run("advanceTime(PT\(minutes - 1)M)").notificationTypes.isEmpty)
        #expect(try s.run("advanceTime(PT1M)").notificationTypes == ["SUBSCRIPTION_RECOVERED"])
    }

    @Test("§11: a tester's subscription renews at most six times, a free trial not counted, then ends")
    func sixRenewals() throws {
        var s = try PlayScenario(owning: "pro-monthly", catalog: Self.catalog)
        #expect(try s.run("advanceTime(PT3M)").notificationTypes == ["SUBSCRIPTION_RENEWED"], "the trial's end is a charge, not a renewal")
        for n in 1...6 {
            #expect(try s.run("advanceTime(PT5M)").notificationTypes == ["SUBSCRIPTION_RENEWED"], "renewal \(n)")
        }
        #expect(try s.run("advanceTime(PT5M)").notificationTypes == ["SUBSCRIPTION_EXPIRED"])
        #expect(s.entitled == [])
    }

    @Test("§4 V-ACK-DEADLINE-TEST: a tester's purchase is refunded unless acknowledged within 3 or 5 minutes", arguments: [3, 5])
    func ackDeadline(minutes: Int) throws {
        var s = Self.tester { $0.testerAckDeadlineMinutes = minutes }
        try s.run("purchase(lifetime)", "purchase(basic-monthly)")
        s.ack(2)
        #expect(try s.run("advanceTime(PT\(minutes)M)").lapsed.isEmpty == false)
        #expect(s.status(1) == .voided)
        #expect(s.status(2) != .voided, "acknowledged in time")
        var early = Self.tester { $0.testerAckDeadlineMinutes = minutes }
        try early.run("purchase(lifetime)")
        #expect(try early.run("advanceTime(PT\(minutes - 1)M)").lapsed.isEmpty)
        var plain = PlayScenario(playVariations { $0.testerAckDeadlineMinutes = minutes })
        try plain.run("purchase(lifetime)")
        #expect(try plain.run("advanceTime(PT71H)").lapsed.isEmpty, "no tester: three days, whatever the variation says")
    }

    @Test("§11: the catalog's licenseTesting setting round-trips in a history file and reads false when absent")
    func fileKey() throws {
        let history = PlayHistory(catalog: Self.catalog, events: [try PlayEvent(compact: "purchase(lifetime)")])
        #expect(history.fileText.contains("\"licenseTesting\""))
        #expect(try PlayHistory(text: history.fileText) == history)
        #expect(!PlayHistory(events: []).fileText.contains("licenseTesting"))
        #expect(try PlayCatalog(json: PlayCatalog.example.json).licenseTesting == false)
    }

    @Test("§4, §11: the reference app and backend pass a tester's clock, V-ACK-DEADLINE-TEST explored",
          arguments: ["play-reference-app", "play-reference-server"])
    func referencesPass(name: String) throws {
        let runner = try #require(PlayBuiltInSubjects.named(name))
        let result = runner.campaign(PlayHistoryGenerator(catalog: Self.catalog), configuration: .play(seed: Seed(0x7e57), histories: 800))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
        #expect(result.historiesRun == 800)
    }

    @Test("§4, §11: on a tester's clock the B1 example is refunded after minutes, and the report names the tester deadline")
    func unacknowledgedCaught() throws {
        let runner = try #require(PlayBuiltInSubjects.named("play-example-pending-unacknowledged"))
        let failure = try #require(runner.campaign(PlayHistoryGenerator(catalog: Self.catalog), configuration: .play(seed: Seed(1), histories: 2_000)).failure)
        #expect(failure.failure.check == .acknowledgedInTime)
        #expect(failure.history.catalog.licenseTesting)
        #expect(failure.history.events.map(\.compact).last?.hasPrefix("advanceTime(PT") == true, "\(failure.history.events.map(\.compact))")
    }
}
