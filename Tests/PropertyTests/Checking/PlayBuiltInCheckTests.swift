@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

/// Each built-in Google Play check, as a value: it fires at the moment a subject breaks its
/// rule and holds for one that does what the model expects. Adding a check adds a row here.
@Suite("The built-in Google Play checks, one by one")
struct PlayBuiltInCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let check: PlayCheck
        /// Events on the example catalog, each token acknowledged (or consumed) as a correct app does.
        let events: [String]
        /// What a broken backend grants after them (nil: the moment is not a query).
        var broken: [String]? = nil
        var balances: Balances = [:]
        /// A moment other than the query: a consumption asked for, or lapsed tokens.
        var moment: PlayCheckInput.Moment? = nil
        /// The moment at which a correct subject holds, when it is not the query.
        var correctMoment: PlayCheckInput.Moment? = nil
        var acknowledgementErrors: [String] = []
        var testDescription: String { check.id.rawValue }
    }

    static let cases: [Case] = [
        Case(check: .nonConsumableNeverConsumed, events: ["purchase(lifetime)"], moment: .consuming(token: "token-1"), correctMoment: .consuming(token: "token-2")),
        Case(check: .unverifiedNeverEntitled, events: ["forgedPurchase(lifetime)"], broken: ["lifetime"]),
        Case(check: .pendingNotEntitled, events: ["purchase(lifetime, outcome: pending)"], broken: ["lifetime"]),
        Case(check: .onHoldNeverEntitled, events: ["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P14D)"], broken: ["pro"]),
        Case(check: .pausedNeverEntitled, events: ["purchase(pro-monthly)", "pause(#1, P1M)", "advanceTime(P8D)"], broken: ["pro"]),
        Case(check: .replacedTokenNeverEntitled, events: ["purchase(pro-monthly)", "changePlan(#1, basic-monthly, withTimeProration)"], broken: ["basic", "pro"]),
        Case(check: .refundedNeverEntitled, events: ["purchase(lifetime)", "void(#1, refund)"], broken: ["lifetime"]),
        Case(check: .expiredNeverEntitled, events: ["purchase(pro-monthly)", "cancel(#1)", "advanceTime(P2M)"], broken: ["pro"]),
        Case(check: .gracePeriodEntitled, events: ["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P8D)"], broken: []),
        Case(check: .canceledEntitledUntilExpiry, events: ["purchase(pro-monthly)", "cancel(#1)"], broken: []),
        Case(check: .consumableCreditedOnce, events: ["purchase(coins100)"], broken: [], balances: ["coins100": 2]),
        Case(check: .acknowledgementErrorKeepsAccess, events: ["purchase(lifetime)"], broken: [], acknowledgementErrors: ["token-1"]),
        Case(check: .entitlementsMatch, events: ["purchase(lifetime)"], broken: []),
    ]

    /// The model after `events` on the example catalog, every token acknowledged (consumables consumed) after each event.
    static func model(_ events: [String]) throws -> PlayModel {
        var model = PlayModel(catalog: .example)
        _ = model.start()
        for text in events {
            _ = try model.apply(try PlayEvent(compact: text))
            for token in model.tokens where token.acknowledgedAt == nil && token.purchasedAt != nil {
                let consumable = PlayPolicy.example.isConsumable(token.product)
                _ = model.apply(reply: consumable ? .consume(token: token.tokenString) : .acknowledge(token: token.tokenString), transientFaults: false)
            }
        }
        return model
    }

    /// The input at `moment` (the query, answered with `entitled` and `balances`, when nil).
    static func input(_ c: Case, moment: PlayCheckInput.Moment?, entitled: [String]?, balances: Balances?) throws -> PlayCheckInput {
        var model = try Self.model(c.events)
        if case .consuming? = moment, c.correctMoment != nil { _ = try model.apply(try PlayEvent(compact: "purchase(coins100)")) }
        let expected = model.expectedEntitlements(knowsEverything: true)
        let credits = Balances(
            Dictionary(uniqueKeysWithValues: PlayPolicy.example.consumables.map { ($0, model.acceptedCredits($0, knowsEverything: true)[0]) }))
        let observed = ObservedState(entitled: entitled ?? expected, balances: balances ?? credits)
        return PlayCheckInput(
            moment: moment ?? .queried(observed), eventIndex: c.events.count - 1, model: model, policy: .example, knowsEverything: true,
            acknowledgementErrors: c.acknowledgementErrors)
    }

    @Test("fires on a subject that breaks the rule and holds on one that does what the model expects", arguments: cases)
    func firesAndHolds(_ c: Case) throws {
        let broken = try Self.input(c, moment: c.moment, entitled: c.broken, balances: c.balances.isEmpty ? nil : c.balances)
        let discrepancy = try #require(c.check.evaluate(broken), "\(c.check) did not fire")
        #expect(discrepancy.check == c.check.id)
        let correct = try Self.input(c, moment: c.correctMoment, entitled: nil, balances: nil)
        #expect(c.check.evaluate(correct) == nil, "\(c.check) fired on a correct subject")
        for other in PlayCheck.builtIn.prefix { $0 != c.check } where other != .subjectResponds {
            #expect(other.evaluate(broken) == nil, "\(other) fired before \(c.check): the failure would be named after it")
        }
    }

    @Test("Every built-in Play check has a unique name, a rule and a source, and a row above unless it is evaluated elsewhere")
    func registry() {
        let ids = PlayCheck.builtIn.map(\.id)
        #expect(Set(ids).count == ids.count)
        for check in PlayCheck.builtIn {
            #expect(!check.rule.isEmpty && !check.source.isEmpty, "\(check)")
        }
        // subject-responds is reported where the fault happens; acknowledged-in-time where Google
        // refunds (PlayRefundReviewTests and the buggy example pending-unacknowledged hold it).
        let elsewhere: [PlayCheck] = [.subjectResponds, .acknowledgedInTime]
        let covered = Self.cases.map(\.check) + elsewhere
        #expect(PlayCheck.builtIn.allSatisfy(covered.contains), "\(PlayCheck.builtIn.filter { !covered.contains($0) })")
    }
}
