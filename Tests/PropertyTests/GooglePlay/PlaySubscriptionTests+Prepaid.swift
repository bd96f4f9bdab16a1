import PurchaseStateMachine
import Testing

// Prepaid plans beside auto-renewing ones (§1): top-ups and the one-plan-at-a-time rule.
extension PlaySubscriptionTests {
    @Test("§1, §2.3, §4: a prepaid top-up is a new token linked to the old one; the time accumulates; it must be acknowledged")
    func prepaidTopUp() throws {
        var s = PlayScenario()
        try s.run("purchase(pro-pass30)")
        #expect(try s.run("purchase(pro-pass30)").listenerCalls.map(\.0) == [.itemAlreadyOwned], "§1: one unacknowledged top-up at a time")
        s.ack(1)
        try s.run("advanceTime(P10D)")
        let effects = try s.run("purchase(pro-pass30)")
        #expect(effects.listenerCalls.first?.1.first?.replacing == "token-1")
        #expect(s.token(2).linkedToken == 1)
        #expect(s.status(1) == .replaced)
        #expect(s.token(2).subscription?.expiry == utc("2026-03-02T00:00:00Z"), "30 days left + 30 days")
        #expect(s.token(2).ackDeadline != nil)
        #expect(s.entitled == ["pro"])
    }

    @Test("§1: prepaid plans and auto-renewing plans of one subscription are not mixed up: buying a monthly plan while a pass runs is already owned")
    func prepaidThenAutoRenewing() throws {
        var s = try PlayScenario(owning: "pro-pass30")
        #expect(try s.run("purchase(pro-monthly)").listenerCalls.map(\.0) == [.itemAlreadyOwned])
    }

    @Test("§1, §10.1: prepaidPlan.allowExtendAfterTime says from when the next top-up is allowed: absent while the current one is unacknowledged")
    func allowExtendAfterTime() throws {
        func allowed(_ s: PlayScenario, _ n: Int) -> JSONValue? {
            guard case .array(let items)? = s.model.subscriptionV2(of: n - 1)?["lineItems"] else { return nil }
            return items.first?["prepaidPlan"]?["allowExtendAfterTime"]
        }
        var s = PlayScenario()
        try s.run("purchase(pro-pass30)", "advanceTime(P1D)")
        #expect(allowed(s, 1) == nil)
        #expect(try s.run("purchase(pro-pass30)").listenerCalls.map(\.0) == [.itemAlreadyOwned], "before allowExtendAfterTime")
        s.ack(1)
        #expect(allowed(s, 1) == .string(s.model.now.iso8601), "[INF] allowed from the acknowledgement on")
        try s.run("purchase(pro-pass30)")
        #expect(s.token(2).linkedToken == 1, "a top-up once it is allowed")
        #expect(allowed(s, 1) == nil, "a replaced token allows nothing")
        #expect(allowed(s, 2) == nil, "the new top-up is not acknowledged yet")
    }
}
