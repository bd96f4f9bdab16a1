import BuiltInSubjects
@testable import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Encoding histories as generator choices")
struct HistoryEncoderTests {
    static let catalog = try! Catalog(
        json: try! JSONValue.parse(
            """
            {"products": [
              {"id": "coins", "type": "consumable", "grant": 100},
              {"id": "premium", "type": "nonConsumable", "familyShareable": true},
              {"id": "season", "type": "nonRenewable", "duration": "P3M"},
              {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 2, "period": "P1M", "familyShareable": true,
               "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
              {"id": "yearly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1Y"}
            ]}
            """))

    static func profile() -> GenerationProfile {
        var profile = GenerationProfile()
        profile.appActions = [AppActionTemplate(name: "use"), AppActionTemplate(name: "spend", values: [1, 5])]
        return profile
    }

    /// Generates `count` histories with the reference subject, keeping their events and stores.
    static func generated(count: Int, profile: GenerationProfile) -> [History] {
        let runner = CaseRunner(
            catalog: catalog, profile: profile, start: .defaultStart, policy: AppPolicy(), checks: CheckSelection(),
            factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) })
        var histories: [History] = []
        for n in 0..<count {
            let tc = TestCase(seed: Seed(42).derived(UInt64(n)))
            let generator = HistoryGenerator(catalog: catalog, profile: profile)
            guard let setup = try? generator.drawSetup(tc) else { continue }
            _ = runner
            var model = StoreModel(catalog: catalog, settings: setup.settings)
            var events: [Event] = []
            var effects = StepEffects()
            generating: while events.count < profile.maxEvents {
                guard (try? tc.drawBool(probability: setup.continueProbability)) == true,
                    let drawn = try? generator.drawEvents(tc, setup: setup, model: model, room: profile.maxEvents - events.count)
                else { break }
                for event in drawn {
                    effects.reset()
                    guard (try? model.apply(event, into: &effects)) != nil else { break generating }
                    events.append(event)
                }
            }
            histories.append(History(catalog: catalog, store: setup.settings, events: events))
        }
        return histories
    }

    @Test("Replaying the encoding of a generated history regenerates it exactly")
    func roundTrip() throws {
        let profile = Self.profile()
        let generator = HistoryGenerator(catalog: Self.catalog, profile: profile)
        let histories = Self.generated(count: 300, profile: profile)
        #expect(histories.contains { $0.events.count > 10 })
        for history in histories {
            let values = try generator.encode(history)
            let tc = TestCase(replaying: values)
            let setup = try generator.drawSetup(tc)
            #expect(setup.settings == history.store)
            var model = StoreModel(catalog: Self.catalog, settings: setup.settings)
            var effects = StepEffects()
            var events: [Event] = []
            while events.count < profile.maxEvents, try tc.drawBool(probability: 0.5) {
                for event in try generator.drawEvents(tc, setup: setup, model: model, room: profile.maxEvents - events.count) {
                    effects.reset()
                    try model.apply(event, into: &effects)
                    events.append(event)
                }
            }
            #expect(events == history.events)
        }
    }

    @Test("An event the generator never draws is reported as not encodable")
    func notEncodable() {
        let generator = HistoryGenerator(catalog: Self.catalog, profile: Self.profile())
        let history = History(catalog: Self.catalog, events: [.advanceTime(by: ISODuration(days: 1, hours: 2))])
        #expect(throws: NotEncodable.self) { try generator.encode(history) }
    }
}
