import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Google Play campaigns: the references pass, failures are deterministic and read top-down")
struct PlayCampaignTests {
    @Test("The reference Play app and backend pass every check over generated histories with every variation",
          arguments: ["play-reference-app", "play-reference-server"])
    func referencesPass(name: String) throws {
        let runner = try #require(PlayBuiltInSubjects.named(name))
        let result = runner.campaign(configuration: .play(seed: Seed(0x5eed_0017), histories: 1_500))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
        #expect(result.historiesRun == 1_500)
        #expect(result.eventsRun > 5_000)
    }

    @Test("Same seed, same report, byte for byte")
    func deterministic() throws {
        let runner = try #require(PlayBuiltInSubjects.named("play-example-ignores-hold"))
        let a = try #require(runner.campaign(configuration: .play(seed: Seed(42), histories: 1_000)).failure)
        let b = try #require(runner.campaign(configuration: .play(seed: Seed(42), histories: 1_000)).failure)
        #expect(a.rendered() == b.rendered())
        #expect(a.history.fileText == b.history.fileText)
    }

    @Test("The failure report reads top-down: verdict, minimal history with the diverging event, diff, what was sent")
    func reportShape() throws {
        let runner = try #require(PlayBuiltInSubjects.named("play-example-grants-pending"))
        let report = try #require(runner.campaign(configuration: .play(seed: Seed(1), histories: 500)).failure).rendered()
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.first == "✘ pending-not-entitled failed after event 1 of 1")
        #expect(lines.contains("    1. purchase(lifetime, outcome: pending)    ← diverged here"))
        #expect(lines.contains("  −   []"))
        #expect(lines.contains("  +   [lifetime]"))
        #expect(report.contains("onPurchasesUpdated(OK, [token-1 lifetime PENDING])"))
    }

    @Test("§8 V-REFUNDED-AS-PENDING: an app that grants PENDING purchases grants a refunded item the query still lists; the reference app does not")
    func refundedAsPendingCaught() throws {
        let events = try ["purchase(lifetime)", "void(#1, refund)", "relaunch"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.refundedReportedPending = true }, events: events)
        let buggy = try #require(PlayBuiltInSubjects.named("play-example-grants-pending"))
        #expect(buggy.replay(history).failure?.check == .refundedNeverEntitled)
        #expect(buggy.replay(history).failure?.eventIndex == 2)
        #expect(buggy.replay(PlayHistory(events: events)).failure == nil, "without the variation the item is simply gone")
        #expect(try #require(PlayBuiltInSubjects.named("play-reference-app")).replay(history).failure == nil)
    }

    /// An app that grants every `PURCHASED` purchase Play lists and never looks at `isSuspended`.
    struct IgnoresSuspended: PlaySubject {
        var granted: [String] = []
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            granted = purchases.filter { $0.state == .purchased }.flatMap(\.products)
            return purchases.filter { $0.state == .purchased && !$0.acknowledged }.map { .acknowledge(token: $0.token) }
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            granted += purchases.filter { $0.state == .purchased }.flatMap(\.products)
            return purchases.filter { $0.state == .purchased && !$0.acknowledged }.map { .acknowledge(token: $0.token) }
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { ObservedState(entitled: Array(Set(granted)).sorted()) }
    }

    @Test("§2.3 V-INCLUDE-SUSPENDED: an app that ignores isSuspended grants a subscription on hold the query lists; the reference app does not")
    func includeSuspendedCaught() throws {
        try expectCaughtOnlyUnder(
            { $0.includeSuspended = true }, events: ["purchase(basic-monthly)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P7D)", "relaunch"],
            check: .onHoldNeverEntitled, at: 4, traced: "token-1 basic PURCHASED isSuspended"
        ) { c, p, ctx in IgnoresSuspended(catalog: c, policy: p, context: ctx) }
    }

    /// A subject that fails on its first purchase update.
    struct Throwing: PlaySubject {
        var updates = 0
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            updates += 1
            if updates == 1 { throw SubjectError("database locked") }
            return purchases.map { .acknowledge(token: $0.token) }
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { ObservedState(entitled: []) }
    }

    @Test("A subject that throws fails subject-responds, shrunk like any other failure")
    func subjectResponds() {
        let campaign = Campaign(configuration: .play(seed: Seed(3), histories: 500), subjectName: "throwing") { c, p, ctx in Throwing(catalog: c, policy: p, context: ctx) }
        let failure = campaign.run().failure
        #expect(failure?.failure.check == .subjectResponds)
        #expect(failure?.failure.observedLine == "database locked")
        #expect(failure?.history.events.map(\.compact) == ["purchase(coins100)"])
    }
}
