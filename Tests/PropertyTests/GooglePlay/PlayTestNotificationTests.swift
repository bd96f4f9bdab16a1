import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// The Play Console's "Send Test Message": a `testNotification` RTDN that names no purchase (§9.1, §9.3).
@Suite("Google Play: test notifications")
struct PlayTestNotificationTests {
    @Test("§9.1, §9.3: a test notification carries no purchase token or product, number 0, and changes no state",
          arguments: [0, 1])
    func changesNothing(duplicates: Int) throws {
        var s = PlayScenario(playVariations { $0.notificationDuplicates = duplicates })
        try s.run("purchase(lifetime)", "purchase(basic-monthly)")
        s.ack(1)
        s.ack(2)
        let before = s.model
        let effects = try s.run("testNotification")
        #expect(effects.notificationTypes == Array(repeating: "TEST_NOTIFICATION", count: duplicates + 1))
        #expect(effects.listenerCalls.isEmpty, "it reaches the backend only")
        #expect(s.model.tokens == before.tokens)
        #expect(s.model.now == before.now)
        #expect(s.entitled == ["basic", "lifetime"])
        guard case .notification(let n)? = effects.messages.first else { Issue.record("no notification"); return }
        #expect(n.json["purchaseToken"] == nil)
        #expect(n.json["product"] == nil)
        #expect(n.json["notificationNumber"] == .int(0))
        if case .notification(let again)? = effects.messages.last { #expect(again.messageID == n.messageID, "a redelivery repeats the messageId") }
    }

    /// The reference backend, except that it takes every RTDN to name a purchase the API knows.
    enum AssumesPurchase: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) throws -> String? {
            guard context.server(token: n.token) != nil else { throw SubjectError("no purchase behind \(n.type.rawValue)") }
            return nil
        }
    }

    @Test("§9.3: a backend that expects a purchase behind every RTDN fails on a test notification; the campaign shrinks to it, the reference backend ignores it")
    func backendMustIgnore() throws {
        let history = PlayHistory(events: try ["purchase(lifetime)", "testNotification"].map { try PlayEvent(compact: $0) })
        let naive = QuirkyServer<AssumesPurchase>.replayer
        #expect(naive.replay(history).failure?.check == .subjectResponds)
        #expect(try #require(PlayBuiltInSubjects.named("play-reference-server")).replay(history).failure == nil)
        let campaign = QuirkyServer<AssumesPurchase>.campaign(name: "assumes-purchase")
        let failure = try #require(campaign.run().failure)
        #expect(failure.history.events.map(\.compact) == ["testNotification"])
    }
}
