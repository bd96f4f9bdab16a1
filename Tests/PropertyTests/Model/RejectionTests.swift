import PurchaseStateMachine
import Testing

/// A state, an event whose precondition fails there, and words the rejection must contain.
struct PreconditionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var setup: [String] = []
    var event: String
    var reason: String
    var testDescription: String { name }
}

@Suite("Rejected events: every precondition of every event kind")
struct ModelRejectionTests {
    static let cases: [PreconditionCase] = [
        // purchase
        PreconditionCase(name: "purchase: the product must be in the catalog", event: "purchase(nothing)", reason: "no product"),
        PreconditionCase(name: "purchase: the quantity is 1 to 10", event: "purchase(coins100, quantity: 11)", reason: "between 1 and 10"),
        PreconditionCase(name: "purchase: the quantity is at least 1", event: "purchase(coins100, quantity: 0)", reason: "between 1 and 10"),
        PreconditionCase(name: "purchase: only consumables take a quantity", event: "purchase(adfree, quantity: 2)", reason: "consumables only"),
        PreconditionCase(name: "purchase: the appAccountToken must be a UUID", event: "purchase(adfree, token: abc)", reason: "not a UUID"),
        PreconditionCase(name: "purchase: offers apply to auto-renewables only", event: "purchase(pass30, offer: promotional)",
                      reason: "auto-renewable subscriptions only"),
        PreconditionCase(name: "purchase: a non-consumable cannot be bought twice", setup: ["purchase(adfree)"],
                      event: "purchase(adfree)", reason: "already purchased"),
        PreconditionCase(name: "purchase: the current subscription cannot be bought again", setup: ["purchase(pro.m)"],
                      event: "purchase(pro.m)", reason: "already subscribed"),
        PreconditionCase(name: "purchase: no change of plan while billing is in trouble",
                      setup: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"], event: "purchase(pro.y)",
                      reason: "fixes billing first"),
        PreconditionCase(name: "purchase: no named offer on a change of an active plan", setup: ["purchase(basic.m)"],
                      event: "purchase(pro.m, offer: code)", reason: "not to changes"),
        PreconditionCase(name: "purchase: a promotional offer needs an existing or expired subscription",
                      event: "purchase(pro.m, offer: promotional)", reason: "existing or expired"),
        PreconditionCase(name: "purchase: a win-back offer needs a churned subscription", event: "purchase(pro.m, offer: winBack)",
                      reason: "churned"),
        PreconditionCase(name: "purchase: a purchase on another device succeeds or is unverified",
                      event: "purchase(adfree, outcome: pending, otherDevice: true)", reason: "another device"),
        // askToBuy
        PreconditionCase(name: "askToBuy: a request must be pending", event: "askToBuy(1, approve)", reason: "no Ask to Buy request"),
        PreconditionCase(name: "askToBuy: the request number must exist", setup: ["purchase(adfree, outcome: pending)"],
                      event: "askToBuy(2, decline)", reason: "does not exist"),
        PreconditionCase(name: "askToBuy: request numbers start at 1", setup: ["purchase(adfree, outcome: pending)"],
                      event: "askToBuy(0, approve)", reason: "does not exist"),
        PreconditionCase(name: "askToBuy: an approval must still be possible", setup: ["purchase(adfree, outcome: pending)", "purchase(adfree)"],
                      event: "askToBuy(1, approve)", reason: "already purchased"),
        // advanceTime
        PreconditionCase(name: "advanceTime: time only moves forward (zero)", event: "advanceTime(P0D)", reason: "must be positive"),
        // setAutoRenew
        PreconditionCase(name: "setAutoRenew: the group must exist", event: "setAutoRenew(X, off)", reason: "no subscription group"),
        PreconditionCase(name: "setAutoRenew: the group needs an active subscription", event: "setAutoRenew(G, off)", reason: "no active subscription"),
        PreconditionCase(name: "setAutoRenew: an expired subscription cannot be turned back on",
                      setup: ["purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P1M)"], event: "setAutoRenew(G, on)",
                      reason: "no active subscription"),
        PreconditionCase(name: "setAutoRenew: off twice is refused", setup: ["purchase(pro.m)", "setAutoRenew(G, off)"],
                      event: "setAutoRenew(G, off)", reason: "already off"),
        PreconditionCase(name: "setAutoRenew: on while on (and nothing pending) is refused", setup: ["purchase(pro.m)"],
                      event: "setAutoRenew(G, on)", reason: "already on"),
        // refund, refundDeclined, refundReversed
        PreconditionCase(name: "refund: a transaction must exist", event: "refund(#1)", reason: "no transaction exists yet"),
        PreconditionCase(name: "refund: the id must be one of the existing ones", setup: ["purchase(adfree)"], event: "refund(#2)",
                      reason: "does not exist"),
        PreconditionCase(name: "refund: a family-shared transaction is refunded to its purchaser, not here",
                      setup: ["familyShare(lifetime)"], event: "refund(#1)", reason: "shared by the family"),
        PreconditionCase(name: "refund: a revoked transaction cannot be refunded again", setup: ["purchase(adfree)", "refund(#1)"],
                      event: "refund(#1, developerIssue)", reason: "already revoked"),
        PreconditionCase(name: "refundDeclined: a transaction must exist", event: "refundDeclined(#3)", reason: "no transaction"),
        PreconditionCase(name: "refundDeclined: a revoked transaction has no refund to request", setup: ["purchase(adfree)", "refund(#1)"],
                      event: "refundDeclined(#1)", reason: "already revoked"),
        PreconditionCase(name: "refundReversed: a transaction must exist", event: "refundReversed(#1)", reason: "no transaction"),
        PreconditionCase(name: "refundReversed: only a refunded transaction can have its refund reversed", setup: ["purchase(adfree)"],
                      event: "refundReversed(#1)", reason: "no refund to reverse"),
        PreconditionCase(name: "refundReversed: a Family Sharing withdrawal is not a refund",
                      setup: ["familyShare(lifetime)", "familyUnshare(lifetime)"], event: "refundReversed(#1)",
                      reason: "no refund to reverse"),
        // familyShare, familyUnshare
        PreconditionCase(name: "familyShare: the product must exist", event: "familyShare(nothing)", reason: "no product"),
        PreconditionCase(name: "familyShare: the product must have Family Sharing enabled", event: "familyShare(adfree)",
                      reason: "does not have Family Sharing"),
        PreconditionCase(name: "familyShare: a shared non-consumable cannot be shared twice", setup: ["familyShare(lifetime)"],
                      event: "familyShare(lifetime)", reason: "already shares"),
        PreconditionCase(name: "familyShare: one shared subscription per group", setup: ["familyShare(pro.m)"],
                      event: "familyShare(basic.m)", reason: "already shares"),
        PreconditionCase(name: "familyUnshare: the product must exist", event: "familyUnshare(nothing)", reason: "no product"),
        PreconditionCase(name: "familyUnshare: only what is shared can be withdrawn", setup: ["purchase(lifetime)"],
                      event: "familyUnshare(lifetime)", reason: "does not currently share"),
        PreconditionCase(name: "familyUnshare: a subscription shared as another product is not withdrawn by this one",
                      setup: ["familyShare(pro.m)"], event: "familyUnshare(basic.m)", reason: "does not currently share"),
    ]

    @Test("An event whose precondition fails is rejected with its reason, and the store does not change", arguments: cases)
    func rejected(_ c: PreconditionCase) throws {
        var store = try ScenarioStore()
        for event in c.setup { try store.run(event) }
        let before = store.model.state
        let event = try Event(compact: c.event)
        var effects = StepEffects(recordsServerChannels: true)
        #expect(throws: Rejection.self) { try store.model.apply(event, into: &effects) }
        #expect(store.model.state == before)
        #expect(effects.messages.isEmpty)
        let rejection = try #require(store.model.rejection(of: event))
        #expect(rejection.reason.contains(c.reason), "\(rejection.reason)")
        #expect(rejection.event == event)
        #expect(rejection.description.hasPrefix(c.event))
    }

    @Test("advanceTime: a negative duration is rejected (only reachable through the API)")
    func negativeAdvance() throws {
        let store = try ScenarioStore()
        let rejection = store.model.rejection(of: .advanceTime(by: ISODuration(days: 1, isNegative: true)))
        #expect(rejection?.reason.contains("forward") == true)
    }

    @Test("Events with no precondition are accepted in any state",
          arguments: ["setBilling(ok)", "setBilling(fail)", "relaunch", "restore", "setDeviceClock(-P3D)", "appAction(tap)"])
    func alwaysAccepted(event: String) throws {
        var store = try ScenarioStore()
        #expect(try store.rejection(event) == nil)
        try store.run("purchase(pro.m)", "setBilling(fail)", "advanceTime(P2M)", "purchase(lifetime)", "refund(#2)")
        #expect(try store.rejection(event) == nil)
    }
}
