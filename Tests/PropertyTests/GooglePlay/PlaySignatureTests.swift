import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// Purchase signatures (play-billing-semantics §2.3, §15.3 `unverified-never-entitled`): Google signs
/// every purchase it makes; one whose signature does not verify is not Google's and must not entitle.
@Suite("Google Play: purchases whose signature does not verify")
struct PlaySignatureTests {
    @Test("§2.3, §15.3: a forged purchase reaches the listener as PURCHASED with a signature that does not verify; the API does not know it and the store does not change")
    func forgedPurchase() throws {
        var s = try PlayScenario(owning: "lifetime")
        let before = s.model.tokens
        let effects = try s.run("forgedPurchase(pro-monthly)")
        let purchases = try #require(effects.listenerCalls.first?.1)
        #expect(effects.listenerCalls.first?.0 == .ok)
        #expect(purchases.map(\.state) == [.purchased])
        #expect(purchases.map(\.signatureValid) == [false])
        #expect(purchases.first?.json["signatureValid"] == .bool(false))
        #expect(s.model.purchase(of: 0).json["signatureValid"] == nil, "Google's own purchases verify and the field is left out")
        #expect(s.model.serverView(of: purchases[0].token) == nil)
        #expect(s.model.tokens == before)
        #expect(s.entitled == ["lifetime"])
        #expect(effects.notificationTypes.isEmpty)
        #expect(s.model.apply(reply: .acknowledge(token: purchases[0].token)) == .itemNotOwned)
        try s.run("background")
        #expect(try s.rejects("forgedPurchase(lifetime)"), "nothing reaches the listener in the background")
        #expect(try s.rejects("resumeApp") == false)
    }

    /// The reference app, except that it never looks at the signature.
    struct TrustsEveryPurchase: PlaySubject {
        var inner: PlayReferenceApp
        init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
            inner = PlayReferenceApp(catalog: catalog, policy: policy, context: context)
        }
        static func trusted(_ purchases: [PlayPurchase]) -> [PlayPurchase] {
            purchases.map { var p = $0; p.signatureValid = true; return p }
        }
        mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            try inner.connected(reason, purchases: Self.trusted(purchases), context: context)
        }
        mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
            try inner.purchasesUpdated(result, purchases: Self.trusted(purchases), context: context)
        }
        mutating func terminate() { inner.terminate() }
        func query(context: PlaySubjectContext) throws -> ObservedState { try inner.query(context: context) }
    }

    @Test("§2.3, §15.3: an app that never checks the signature is caught (unverified-never-entitled) and shrunk to the forgery; the reference app and backend pass")
    func unverifiedCaught() throws {
        let history = PlayHistory(events: [try PlayEvent(compact: "forgedPurchase(lifetime)")])
        let naive = PlayCases { c, p, ctx in TrustsEveryPurchase(catalog: c, policy: p, context: ctx) }
        #expect(naive.replay(history).failure?.check == .unverifiedNeverEntitled)
        for name in ["play-reference-app", "play-reference-server"] {
            #expect(try #require(PlayBuiltInSubjects.named(name)).replay(history).failure == nil, "\(name)")
        }
        let campaign = Campaign(configuration: .play(seed: Seed(1), histories: 2_000), subjectName: "trusts-every-purchase") { c, p, ctx in
            TrustsEveryPurchase(catalog: c, policy: p, context: ctx)
        }
        let failure = try #require(campaign.run().failure)
        #expect(failure.failure.check == .unverifiedNeverEntitled)
        #expect(failure.history.events.count == 1)
        #expect(failure.history.events.first?.kind == .forgedPurchase)
    }
}
