import BuiltInSubjects
@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

/// Each built-in check, as a value: it fires on an app that breaks its rule and holds on one
/// that reports what the model expects. Adding a check adds a row here.
@Suite("The built-in checks, one by one")
struct BuiltInCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let check: Check
        let events: [String]
        let broken: [String]
        var balances: Balances = [:]
        var testDescription: String { check.id.rawValue }
    }

    static let cases: [Case] = [
        Case(check: .unverifiedNeverEntitled, events: ["purchase(premium, outcome: unverified)"], broken: ["premium"]),
        Case(check: .refundedNeverEntitled, events: ["purchase(premium)", "refund(#1)"], broken: ["premium"]),
        Case(check: .pendingNotEntitled, events: ["purchase(premium, outcome: pending)"], broken: ["premium"]),
        Case(check: .expiredNeverEntitled, events: ["purchase(season)", "advanceTime(P4M)"], broken: ["season"]),
        Case(check: .gracePeriodEntitled, events: ["purchase(yearly)", "setBilling(fail)", "advanceTime(P1Y)"], broken: []),
        Case(check: .oneLevelPerGroup, events: ["purchase(monthly)", "purchase(yearly)"], broken: ["monthly", "yearly"]),
        Case(check: .consumableCreditedOnce, events: ["purchase(coins)"], broken: [], balances: ["coins": 200]),
        Case(check: .entitlementsMatch, events: ["purchase(premium)"], broken: []),
    ]

    /// The input a check sees after `events`, with the app reporting `entitled` and `balances`.
    static func input(_ events: [String], entitled: [String]?, balances: Balances? = nil) throws -> CheckInput {
        var model = StoreModel(catalog: ExampleCatalog.standard)
        var last = Event.restore
        for text in events {
            last = try Event(compact: text)
            _ = try model.apply(last)
        }
        let policy = AppPolicy()
        let expected = model.expectedState(policy: policy)
        let names = expected.entitled.indices.map { model.catalog.products[$0].id }
        var expectedBalances: Balances = [:]
        for b in expected.balances { expectedBalances[model.catalog.products[b.product].id] = b.units }
        return CheckInput(
            eventIndex: events.count - 1, event: last, model: model, policy: policy,
            statuses: model.entitlementStatuses(policy: policy), expected: expected,
            observed: ObservedState(entitled: entitled ?? names, balances: balances ?? expectedBalances), previousObserved: nil,
            delivered: [], observedWithTrueClock: nil, actions: [])
    }

    @Test("fires on an app that breaks the rule and holds on one that reports the model", arguments: cases)
    func firesAndHolds(_ c: Case) throws {
        let broken = try Self.input(c.events, entitled: c.broken, balances: c.balances.isEmpty ? nil : c.balances)
        let discrepancy = try #require(c.check.evaluate(broken), "\(c.check.id) did not fire")
        #expect(discrepancy.check == c.check.id)
        #expect(c.check.evaluate(try Self.input(c.events, entitled: nil)) == nil, "\(c.check.id) fired on a correct app")
    }

    @Test("Every built-in check has a unique name, a rule and a source, and a row above unless it is evaluated elsewhere")
    func registry() {
        let ids = Check.builtIn.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Check.builtIn.allSatisfy { !$0.rule.isEmpty && !$0.source.isEmpty })
        let tested = Set(Self.cases.map(\.check.id))
        // subject-responds is a fault raised where it happens; the three others need a restore,
        // a skewed clock or a delivery and have campaign tests of their own.
        let elsewhere: Set<CheckID> = [.subjectResponds, .clockSkewSafe, .restoreIdempotent, .finishAlwaysCalled]
        #expect(Set(ids).subtracting(elsewhere) == tested)
    }

    @Test("refunded-never-entitled still fires when the app agrees with the model but names a revoked transaction")
    func agreeingButRelyingOnRevoked() throws {
        var model = StoreModel(catalog: ExampleCatalog.standard)
        _ = try model.apply(try Event(compact: "purchase(premium)"))
        _ = try model.apply(try Event(compact: "refund(#1)"))
        let observed = ObservedState(entitled: [], grants: [EntitlementGrant(product: "premium", transaction: 1)])
        guard case .evaluate(let facts, let evaluate) = Check.refundedNeverEntitled.whenAppAgrees, facts.contains(.appNamesGrants) else {
            Issue.record("refunded-never-entitled must take part when the app agrees")
            return
        }
        #expect(evaluate(model, observed, AgreeingInput(policy: AppPolicy(), handed: []))?.check == .refundedNeverEntitled)
    }
}
