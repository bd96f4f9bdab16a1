import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// Google's answers to acknowledge and consume (§2.2, §4, §5): the codes the model gives, the
/// passing faults of V-REPLY-TRANSIENT, and their delivery to the subject.
@Suite("Google Play: Google's answer to each acknowledge and consume, and who hears it")
struct PlayBillingResponseTests {
    static let transientCodes = [2, -1, 12]

    @Test("§2.2: each answer keeps its BillingResponseCode name and number")
    func codes() {
        let pairs = PlayReplyResult.allCases.map { "\($0.rawValue)=\($0.code)" }
        #expect(pairs == ["OK=0", "ITEM_NOT_OWNED=8", "ERROR=6", "SERVICE_UNAVAILABLE=2", "SERVICE_DISCONNECTED=-1", "NETWORK_ERROR=12"])
        #expect(PlayReplyResult.allCases.filter(\.isTransient) == [.serviceUnavailable, .serviceDisconnected, .networkError])
        #expect(PlayReplyResult(code: 3) == nil, "BILLING_UNAVAILABLE is never an answer to acknowledge or consume")
    }

    @Test("§2.2 V-REPLY-TRANSIENT: the first acknowledgement of each token meets the passing fault and changes nothing; a retry goes through",
          arguments: transientCodes)
    func transientAcknowledge(code: Int) throws {
        var s = PlayScenario(playVariations { $0.transientReplyError = code })
        try s.run("purchase(lifetime)")
        let deadline = s.token(1).ackDeadline
        #expect(s.ack(1) == PlayReplyResult(code: code))
        #expect(!s.token(1).acknowledged)
        #expect(s.token(1).ackDeadline == deadline, "the three-day window keeps running")
        #expect(s.ack(1) == .ok)
        #expect(s.token(1).acknowledged)
        try s.run("purchase(pro-monthly)")
        #expect(s.ack(2) == PlayReplyResult(code: code), "each token meets the fault once")
        #expect(s.ack(2) == .ok)
    }

    @Test("§5 V-REPLY-TRANSIENT: a consumption that meets the passing fault consumes nothing; the retry consumes", arguments: transientCodes)
    func transientConsume(code: Int) throws {
        var s = PlayScenario(playVariations { $0.transientReplyError = code })
        try s.run("purchase(coins100)")
        #expect(s.consume(1) == PlayReplyResult(code: code))
        #expect(s.queried == ["token-1"], "still owned, still listed")
        #expect(try s.rejects("purchase(coins100)") == false)
        #expect(s.consume(1) == .ok)
        #expect(s.queried.isEmpty)
    }

    @Test("§2.2 V-REPLY-TRANSIENT: by default, and for a subject that cannot hear the answer, a call is answered on its merits at once")
    func noTransient() throws {
        var plain = PlayScenario()
        try plain.run("purchase(lifetime)")
        #expect(plain.ack(1) == .ok)
        var deaf = PlayScenario(playVariations { $0.transientReplyError = 2 })
        try deaf.run("purchase(lifetime)")
        #expect(deaf.model.apply(reply: .acknowledge(token: "token-1"), transientFaults: false) == .ok)
    }

    @Test("§2.2 V-REPLY-TRANSIENT: the reference app and backend hear the fault, retry, and acknowledge in time",
          arguments: ["play-reference-app", "play-reference-server"])
    func referencesRetry(name: String) throws {
        let events = try ["purchase(lifetime)", "purchase(coins100)", "advanceTime(P3D)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.transientReplyError = 12 }, events: events)
        let result = try #require(PlayBuiltInSubjects.named(name)).replay(history)
        #expect(result.failure == nil, "\(result.failure.map { "\($0)" } ?? "")")
        #expect(result.trace.contains { $0.contains("acknowledge(token-1) NETWORK_ERROR, acknowledge(token-1) OK") })
        #expect(result.trace.contains { $0.contains("consume(token-2) NETWORK_ERROR, consume(token-2) OK") })
    }

    /// An app that acknowledges what it is handed; `listens` says whether it hears the answers (it never retries).
    struct Acknowledger: PlaySubject {
        var granted: [String] = []
        var listens = false
        var retriesForever = false
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {}
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            try purchasesUpdated(.ok, purchases: purchases, context: context)
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            granted += purchases.filter { $0.state == .purchased }.flatMap(\.products)
            return purchases.filter { $0.state == .purchased && !$0.acknowledged }.map { .acknowledge(token: $0.token) }
        }
        var wantsBillingResponses: Bool { listens }
        mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] {
            retriesForever ? [reply] : []
        }
        func query(context: PlaySubjectContext) throws -> ObservedState { ObservedState(entitled: Array(Set(granted)).sorted()) }
    }

    static func acknowledger(listens: Bool, retriesForever: Bool = false) -> PlayCases<Acknowledger> {
        PlayCases { c, p, ctx in
            var a = Acknowledger(catalog: c, policy: p, context: ctx)
            a.listens = listens
            a.retriesForever = retriesForever
            return a
        }
    }

    @Test("§2.2 V-REPLY-TRANSIENT: a subject that does not listen for answers never meets the fault, so one written before them still passes")
    func deafSubjectUnaffected() throws {
        let events = try ["purchase(lifetime)", "advanceTime(P3D)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.transientReplyError = 2 }, events: events)
        let result = Self.acknowledger(listens: false).replay(history)
        #expect(result.failure == nil)
        #expect(result.trace.contains { $0.contains("acknowledge(token-1) OK") })
    }

    @Test("§4 V-REPLY-TRANSIENT: an app that hears the fault but never retries is refunded at the deadline (acknowledged-in-time)")
    func ignoredFaultLapses() throws {
        let events = try ["purchase(lifetime)", "advanceTime(P3D)"].map { try PlayEvent(compact: $0) }
        let faulty = PlayHistory(variations: playVariations { $0.transientReplyError = 2 }, events: events)
        let result = Self.acknowledger(listens: true).replay(faulty)
        #expect(result.failure?.check == .acknowledgedInTime)
        #expect(result.failure?.eventIndex == 1)
        #expect(Self.acknowledger(listens: true).replay(PlayHistory(events: events)).failure == nil, "without the fault the first call is enough")
    }

    @Test("A subject that answers every answer with the same call again is stopped and fails subject-responds")
    func retryLoopStopped() throws {
        let history = PlayHistory(events: [try PlayEvent(compact: "purchase(lifetime)")])
        let failure = Self.acknowledger(listens: true, retriesForever: true).replay(history).failure
        #expect(failure?.check == .subjectResponds)
        #expect(failure?.observedLine.contains("still calling: acknowledge(token-1)") == true)
    }

    @Test("§4 V-REACK, B12: an app that withholds after an acknowledgement's ERROR is caught; the reference app hears the same ERROR and keeps granting")
    func withholdsAfterError() throws {
        let events = [try PlayEvent(compact: "purchase(lifetime)")]
        let duplicated = PlayHistory(variations: playVariations { $0.listenerDuplicates = 1 }, events: events)
        let buggy = try #require(PlayBuiltInSubjects.named("play-example-withholds-after-ack-error"))
        #expect(buggy.replay(duplicated).failure?.check == .acknowledgementErrorKeepsAccess)
        #expect(buggy.replay(duplicated).failure?.eventIndex == 0)
        let okAgain = PlayHistory(variations: playVariations { $0.listenerDuplicates = 1; $0.reacknowledgeSucceeds = true }, events: events)
        #expect(buggy.replay(okAgain).failure == nil, "V-REACK's OK: nothing to misread")
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-app")).replay(duplicated)
        #expect(reference.failure == nil)
        #expect(reference.trace.contains { $0.contains("acknowledge(token-1) ERROR") })
    }
}
