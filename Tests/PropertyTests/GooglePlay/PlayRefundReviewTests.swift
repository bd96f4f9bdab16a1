import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// A refund request under review: a notification that changes nothing (§8, V-REFUND-REVIEW).
extension PlayReplacementTests {
    @Test("§8 V-REFUND-REVIEW: a refund request sends PENDING_REFUND_REVIEW first, or nothing extra; the review changes no state",
          arguments: [false, true])
    func refundReview(emitted: Bool) throws {
        var s = try Self.subscribed("basic-monthly", playVariations {
            $0.refundReviewNotified = emitted
            $0.notificationsCarrySubscriptionID = true
        })
        try s.run("purchase(lifetime)")
        s.ack(2)
        let before = s.model.tokens
        let kept = try s.run("void(#1, refundWithoutRevoke)")
        #expect(kept.notificationTypes == (emitted ? ["PENDING_REFUND_REVIEW"] : []))
        #expect(s.model.tokens == before, "nothing changes")
        #expect(s.entitled == ["basic", "lifetime"])
        if case .notification(let n)? = kept.messages.first {
            #expect(n.json["notificationNumber"] == .int(0))
            #expect(n.json["subscriptionId"] == nil, "not a subscription notification")
        }
        #expect(try s.run("void(#2, refund)").notificationTypes == (emitted ? ["PENDING_REFUND_REVIEW", "VOIDED_PURCHASE"] : ["VOIDED_PURCHASE"]))
        #expect(try s.run("void(#1, chargeback)").notificationTypes == ["VOIDED_PURCHASE", "SUBSCRIPTION_REVOKED"], "no review for a chargeback")
    }

    /// The reference backend, except that a refund-review notice withdraws its product for good.
    enum RevokesOnRefundNotice: NotificationQuirk {
        static func withhold(_ n: PlayNotification, context: PlaySubjectContext) -> String? {
            n.type == .refundReview ? n.product : nil
        }
    }

    @Test("§8 V-REFUND-REVIEW: a backend that revokes on the review notice withdraws a purchase that was never refunded; the reference backend does not")
    func refundReviewCaught() throws {
        let events = try ["purchase(lifetime)", "void(#1, refundWithoutRevoke)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.refundReviewNotified = true }, events: events)
        let naive = QuirkyServer<RevokesOnRefundNotice>.replayer
        #expect(naive.replay(history).failure?.check == .entitlementsMatch)
        #expect(naive.replay(history).failure?.eventIndex == 1)
        #expect(naive.replay(PlayHistory(events: events)).failure == nil, "without the variation nothing is sent")
        #expect(try #require(PlayBuiltInSubjects.named("play-reference-server")).replay(history).failure == nil)
    }

    @Test("§8 V-REFUND-REVIEW: that backend is found by a campaign and shrunk to the two events that show it, never to a history the model rejects")
    func refundReviewShrinks() throws {
        let campaign = QuirkyServer<RevokesOnRefundNotice>.campaign(name: "revokes-on-review")
        let failure = try #require(campaign.run().failure)
        #expect(!failure.flaky)
        #expect(failure.failure.check == .entitlementsMatch)
        #expect(failure.history.events.map(\.compact) == ["purchase(lifetime)", "void(#1, refundWithoutRevoke)"])
        #expect(failure.history.variations.json.rendered() == #"{"refundReviewNotified":true}"#)
    }
}
