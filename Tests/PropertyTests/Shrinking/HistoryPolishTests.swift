import BuiltInSubjects
@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("History shrink passes: merging time, plain purchases, deleting with renumbering")
struct HistoryPolishTests {
    static let catalog = ExampleCatalog.standard

    static func history(_ events: [Event]) -> History {
        History(start: .defaultStart, catalog: catalog, events: events)
    }

    /// A replay that fails (at the last event) when `fails` holds for the model after the events.
    static func replay(_ fails: @escaping ([Event], StoreModel) -> Bool) -> (History) -> StoreRunOutcome {
        { history in
            var model = history.makeModel()
            var effects = StepEffects()
            for (i, event) in history.events.enumerated() {
                effects.reset()
                do throws(Rejection) { try model.apply(event, into: &effects) } catch { return .rejected(eventIndex: i, error) }
            }
            guard fails(history.events, model) else { return .passed }
            return .failed(Failure(eventIndex: history.events.count - 1, discrepancies: []))
        }
    }

    @Test("Adjacent advanceTimes merge into one when the same check still fails")
    func mergesTime() throws {
        let original = Self.history([.purchase("yearly"), .advanceTime(by: .days(1)), .advanceTime(by: .days(364))])
        var polish = HistoryPolish(check: .subjectResponds, replay: Self.replay { events, model in
            events.first == .purchase("yearly") && model.state.now.secondsSinceEpoch - Instant.defaultStart.secondsSinceEpoch >= 365 * 86_400
        })
        let result = polish.polish(original)
        let (polished, _) = try #require(result)
        #expect(polished.events == [.purchase("yearly"), .advanceTime(by: .days(365))])
    }

    @Test("An advance shrinks to the least time that still fails: half the days, then a day at a time")
    func lessTime() throws {
        let original = Self.history([.purchase("monthly"), .advanceTime(by: ISODuration(days: 300, hours: 5))])
        var polish = HistoryPolish(check: .subjectResponds, replay: Self.replay { events, model in
            events.first == .purchase("monthly")
                && model.state.now.secondsSinceEpoch - Instant.defaultStart.secondsSinceEpoch >= 61 * 86_400
        })
        let result = polish.polish(original)
        let (polished, _) = try #require(result)
        #expect(polished.events == [.purchase("monthly"), .advanceTime(by: .days(61))])
        #expect(polish.evaluations < 120)
    }

    @Test("Shorter spans: the part of a day dropped, half the whole days, a day less; nothing for a backward span")
    func shorterSpans() {
        #expect(HistoryPolish.shorter(ISODuration(days: 45, hours: 23, minutes: 59, seconds: 59)) == [
            .days(45), ISODuration(days: 44, hours: 23, minutes: 59, seconds: 59),
        ])
        #expect(HistoryPolish.shorter(.days(30)) == [.days(15), .days(29)])
        #expect(HistoryPolish.shorter(.days(1)).isEmpty)
        #expect(HistoryPolish.shorter(ISODuration(days: 3, isNegative: true)).isEmpty)
    }

    @Test("An Ask to Buy pending purchase and its approval become a plain purchase")
    func plainPurchase() throws {
        let pending = Event.purchase(Purchase(product: "premium", outcome: .pending))
        let original = Self.history([pending, .relaunch, .askToBuy(request: 1, approve: true)])
        var polish = HistoryPolish(check: .subjectResponds, replay: Self.replay { _, model in
            model.currentEntitlements.contains { $0.transaction.productID == "premium" }
        })
        let result = polish.polish(original)
        let (polished, _) = try #require(result)
        #expect(polished.events == [.purchase("premium")])
    }

    @Test("Deleting an event renumbers the transactions later refunds point at")
    func renumbers() throws {
        let original = Self.history([.purchase("coins"), .purchase("season"), .purchase("premium"), .refund(3)])
        var polish = HistoryPolish(check: .subjectResponds, replay: Self.replay { events, model in
            guard case .refund(let id, _)? = events.last else { return false }
            return model.state.transaction(id)?.productID == "premium"
        })
        let result = polish.polish(original)
        let (polished, _) = try #require(result)
        #expect(polished.events == [.purchase("premium"), .refund(1)])
    }

    @Test("Deleting an event takes the references to its transactions with it")
    func orphans() {
        let events: [Event] = [.purchase("premium"), .refund(1)]
        #expect(HistoryPolish.deleting(0, from: events, created: [1, 0]) == [])
        #expect(HistoryPolish.deleting(1, from: events, created: [1, 0]) == [.purchase("premium")])
    }
}
