import ConformanceRunner
import PurchaseStateMachine
import Testing

/// The Voided Purchases API's `voidedSource` and `voidedReason` (§8).
@Suite("Google Play: who voided a purchase and why")
struct PlayVoidedFieldsTests {
    @Test("§8: a voided purchase's voidedSource and voidedReason follow its cause: a refund the user's, a revocation the developer's, a chargeback Google's with reason 7")
    func sourceAndReason() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)", "purchase(coins100)", "purchase(basic-monthly)")
        for n in 1...3 { s.ack(n) }
        try s.run("void(#1, refund)", "void(#2, chargeback)", "void(#3, revoke)")
        let listed = s.model.voidedPurchases(includeSubscriptions: true)
        #expect(listed.map(\.token) == ["token-1", "token-2", "token-3"])
        #expect(listed.map(\.voidedSource) == [0, 2, 1])
        #expect(listed.map(\.voidedReason) == [0, 7, 0])
        guard case .object(let members)? = listed.first?.json else { Issue.record("not an object"); return }
        #expect(members.first { $0.key == "voidedSource" }?.value == .int(0))
        #expect(members.first { $0.key == "voidedReason" }?.value == .int(0))
    }

    @Test("§4, §8: Google's automatic refund of a purchase nobody acknowledged is voidedSource 2, voidedReason 8")
    func unacknowledged() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)", "advanceTime(P3D)")
        let entry = try #require(s.model.voidedPurchases().first)
        #expect(entry.cause == .unacknowledged)
        #expect(entry.voidedSource == 2)
        #expect(entry.voidedReason == 8)
    }
}

extension PlayVoidedFieldsTests {
    @Test("§8, §9.1: a VOIDED_PURCHASE notification says the product's type: 1 a subscription, 2 a one-time product")
    func notificationProductType() throws {
        var s = PlayScenario()
        try s.run("purchase(lifetime)", "purchase(basic-monthly)")
        s.ack(1)
        s.ack(2)
        let types = try [s.run("void(#1, refund)"), s.run("void(#2, refund)")].map { effects in
            effects.messages.compactMap { message -> Int? in
                if case .notification(let n) = message, n.type == .voidedPurchase { return n.productType }
                return nil
            }
        }
        #expect(types == [[2], [1]])
    }
}
