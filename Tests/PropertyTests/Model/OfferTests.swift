import PurchaseStateMachine
import Testing

@Suite("Introductory and named offers (§10)")
struct ModelOfferTests {
    @Test("§10: a free trial converts to the regular price and period at its end")
    func freeTrialConverts() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "advanceTime(P1W)")
        let renewal = try store.tx(2)
        #expect(renewal.offerType == nil)
        #expect(renewal.purchaseDate == utc("2026-01-08T00:00:00Z"))
        #expect(renewal.expirationDate == utc("2026-02-08T00:00:00Z"))
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(3).expirationDate == utc("2026-03-08T00:00:00Z"), "the anchor moves to the conversion date")
    }

    @Test("§10: pay-as-you-go gives one introductory transaction per offer period, then regular ones")
    func payAsYouGo() throws {
        var store = try ScenarioStore()
        try store.run("purchase(news.m)", "advanceTime(P4M)")
        let offers = try (1...5).map { try store.tx(UInt64($0)).offerType }
        #expect(offers == [.introductory, .introductory, .introductory, nil, nil])
        let ends = try (1...5).map { try store.tx(UInt64($0)).expirationDate?.iso8601 }
        #expect(ends == ["2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z",
                         "2026-05-01T00:00:00Z", "2026-06-01T00:00:00Z"])
    }

    @Test("§10: pay up front is one introductory transaction for the whole offer, then the regular period")
    func payUpFront() throws {
        var store = try ScenarioStore()
        try store.run("purchase(news.y)", "advanceTime(P3M)")
        #expect(try store.tx(1).offerType == .introductory)
        #expect(try store.tx(1).expirationDate == utc("2026-04-01T00:00:00Z"))
        #expect(try store.tx(2).offerType == nil)
        #expect(try store.tx(2).expirationDate == utc("2027-04-01T00:00:00Z"))
    }

    @Test("§10: one introductory offer per group: a lapsed customer who used it pays the regular price")
    func introOncePerGroup() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)")
        #expect(store.model.isEligibleForIntroOffer(group: "G") == false)
        try store.run("setAutoRenew(G, off)", "advanceTime(P1M)", "purchase(basic.m)")
        let again = try store.tx(2)
        #expect(again.offerType == nil, "§10/§18.8: the regular price, no offer")
        #expect(again.expirationDate == utc("2026-03-01T00:00:00Z"), "bought February 1: a regular month, not a trial week")
    }

    @Test("§10: eligibility is per group: using an offer in one group leaves the other groups eligible")
    func eligibilityPerGroup() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "purchase(news.m)")
        #expect(try store.tx(2).offerType == .introductory)
        #expect(store.model.isEligibleForIntroOffer(group: "G") == false)
        #expect(store.model.isEligibleForIntroOffer(group: "N") == false)
        #expect(store.model.isEligibleForIntroOffer(group: "W"))
    }

    @Test("§10: a lapsed subscriber who never used an introductory offer in the group is eligible")
    func lapsedNeverUsed() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)")
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
        try store.run("purchase(basic.m)")
        #expect(try store.tx(2).offerType == .introductory)
    }

    @Test("§10: a product without an introductory offer keeps the customer eligible")
    func noOfferNoUse() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.y)")
        #expect(try store.tx(1).offerType == nil)
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
    }

    @Test("§10: an unknown group is never eligible")
    func unknownGroup() throws {
        let store = try ScenarioStore()
        #expect(store.model.isEligibleForIntroOffer(group: "nope") == false)
    }

    @Test("§10 (model choice): naming an offer code on a new subscription uses the code, not the introductory offer")
    func codeOffer() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m, offer: code)")
        #expect(try store.tx(1).offerType == .code)
        #expect(try store.tx(1).expirationDate == utc("2026-02-01T00:00:00Z"))
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
    }

    @Test("§10: a promotional offer needs an existing or expired subscription in the app")
    func promotionalOffer() throws {
        var store = try ScenarioStore()
        #expect(try store.rejection("purchase(pro.m, offer: promotional)")?.reason.contains("promotional") == true)
        try store.run("purchase(weekly)", "purchase(pro.m, offer: promotional)")
        #expect(try store.tx(2).offerType == .promotional)
    }

    @Test("§10: a win-back offer needs a churned subscription: expired and not renewing")
    func winBackOffer() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)")
        #expect(try store.rejection("purchase(pro.y, offer: winBack)") != nil, "an active subscriber is not churned")
        try store.run("setBilling(fail)", "advanceTime(P1M)")
        #expect(try store.rejection("purchase(pro.y, offer: winBack)") != nil, "§10: grace and retry are not eligible")
        try store.run("advanceTime(P60D)")
        let messages = try store.run("purchase(pro.y, offer: winBack)")
        #expect(messages.notificationLabels == ["SUBSCRIBED/RESUBSCRIBE"])
        #expect(try store.tx(2).offerType == .winBack)
    }

    @Test("§10: redeeming an introductory offer does not affect eligibility for a promotional offer")
    func promotionalAfterIntro() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m)", "setAutoRenew(G, off)", "advanceTime(P1W)", "purchase(basic.m, offer: promotional)")
        #expect(try store.tx(2).offerType == .promotional)
    }

    @Test("§10 (model choice): a refunded (revoked) subscription is not churned, so no win-back offer")
    func noWinBackAfterRefund() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "refund(#1)", "advanceTime(P2M)")
        #expect(try store.rejection("purchase(pro.m, offer: winBack)") != nil)
        #expect(try store.rejection("purchase(pro.m, offer: promotional)") == nil)
    }

    @Test("§5.1 (model choice): a cancelled or pending purchase does not use up introductory eligibility")
    func cancelledKeepsEligibility() throws {
        var store = try ScenarioStore()
        try store.run("purchase(basic.m, outcome: userCancelled)", "purchase(basic.m, outcome: failed)")
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
        try store.run("purchase(basic.m, outcome: pending)")
        #expect(store.model.isEligibleForIntroOffer(group: "G"))
    }
}
