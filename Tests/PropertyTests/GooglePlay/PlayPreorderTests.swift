import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// Pre-orders of one-time products (play-billing-semantics §1): `PENDING` until the release time,
/// then `PURCHASED` with no action of the customer.
@Suite("Google Play: pre-orders")
struct PlayPreorderTests {
    /// The example catalog with `game`, a one-time product released ten days after the history starts.
    static let release = Instant.defaultStart.adding(.days(10))
    static let catalog: PlayCatalog = {
        var c = PlayCatalog.example
        c.oneTime.append(PlayOneTimeProduct(id: "game", multiQuantity: false, preorderRelease: release))
        return c
    }()

    @Test("§1, §3: a pre-order stays PENDING without orderId or access until its release time, then becomes PURCHASED by itself; the acknowledgement window starts then",
          arguments: [1, 7])
    func releasedByItself(timeoutDays: Int) throws {
        var s = PlayScenario(playVariations { $0.pendingTimeoutDays = timeoutDays }, catalog: Self.catalog)
        let bought = try s.run("purchase(game)")
        #expect(bought.listenerCalls.map(\.1).first?.map(\.state) == [.pending])
        #expect(bought.notificationTypes.isEmpty)
        #expect(s.token(1).orderID == nil)
        #expect(s.entitled == [])
        #expect(try s.run("advanceTime(P9D)").notificationTypes.isEmpty, "no pending timeout: a pre-order waits for its release")
        #expect(s.status(1) == .pending)
        let released = try s.run("advanceTime(P1D)")
        #expect(released.notificationTypes == ["ONE_TIME_PRODUCT_PURCHASED"])
        #expect(released.listenerCalls.map(\.1).first?.map(\.state) == [.purchased])
        #expect(s.token(1).purchasedAt == Self.release)
        #expect(s.token(1).ackDeadline == Self.release.adding(.days(3)))
        #expect(s.entitled == ["game"])
        #expect(try s.rejects("completePending(#1)"))
    }

    @Test("§1: a customer cannot complete a pre-order by hand; bought after its release time the product sells as usual")
    func afterRelease() throws {
        var s = PlayScenario(catalog: Self.catalog)
        try s.run("purchase(game)")
        #expect(try s.rejects("completePending(#1)"))
        try s.run("cancelPending(#1)", "advanceTime(P10D)")
        #expect(s.status(1) == .pendingCanceled, "a canceled pre-order is never released")
        #expect(try s.run("purchase(game)").notificationTypes == ["ONE_TIME_PRODUCT_PURCHASED"])
        #expect(s.status(2) == .purchased)
    }

    @Test("§1: the release time round-trips in a history file; a bad one is refused by name")
    func catalogFile() throws {
        let history = PlayHistory(catalog: Self.catalog, events: [try PlayEvent(compact: "purchase(game)")])
        #expect(try PlayHistory(text: history.fileText) == history)
        let bad = history.fileText.replacingOccurrences(of: Self.release.iso8601, with: "soon")
        #expect(throws: FormatError.self) { try PlayHistory(text: bad) }
    }

    @Test("§1: an app that grants PENDING grants a pre-order before its release; the reference app and backend pass a pre-order catalog",
          arguments: ["play-reference-app", "play-reference-server"])
    func subjects(name: String) throws {
        let history = PlayHistory(catalog: Self.catalog, events: [try PlayEvent(compact: "purchase(game)")])
        let naive = try #require(PlayBuiltInSubjects.named("play-example-grants-pending"))
        #expect(naive.replay(history).failure?.check == .pendingNotEntitled)
        let runner = try #require(PlayBuiltInSubjects.named(name))
        #expect(runner.replay(history).failure == nil)
        // One step of time past the release and the deadline: the subject hears the release in time to acknowledge.
        let long = PlayHistory(catalog: Self.catalog, events: try ["purchase(game)", "advanceTime(P13D)"].map { try PlayEvent(compact: $0) })
        #expect(runner.replay(long).failure == nil)
        #expect(PlayModel(catalog: Self.catalog).stretches(of: try PlayEvent(compact: "advanceTime(P13D)")).count == 1, "no pre-order bought: one part")
        let result = runner.campaign(PlayHistoryGenerator(catalog: Self.catalog), configuration: .play(seed: Seed(0x9e0), histories: 800))
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }

    @Test("§1: the Python example, app and backend, passes a pre-order catalog over --exec",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"), arguments: [[String](), ["--server"]])
    func python(flags: [String]) throws {
        let result = try ExternalFixtures.playExampleCampaign(flags, catalog: Self.catalog, seed: Seed(0x9e0), histories: 300)
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }
}
