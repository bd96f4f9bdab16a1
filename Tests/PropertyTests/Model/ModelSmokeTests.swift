import PurchaseStateMachine
import Testing

@Suite("Model smoke scenarios")
struct ModelSmokeTests {
    static let catalog = try! Catalog(
        json: try! JSONValue.parse(
            """
            {"products": [
              {"id": "coins", "type": "consumable", "grant": 100},
              {"id": "premium", "type": "nonConsumable", "familyShareable": true},
              {"id": "season", "type": "nonRenewable", "duration": "P3M"},
              {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 2, "period": "P1M",
               "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
              {"id": "yearly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1Y"}
            ]}
            """))

    func run(_ events: [String], settings: StoreSettings = StoreSettings()) throws -> (StoreModel, [StepEffects]) {
        var model = StoreModel(catalog: Self.catalog, settings: settings)
        var all: [StepEffects] = []
        for text in events {
            let event = try Event(compact: text)
            all.append(try model.apply(event, recordingServerChannels: true))
        }
        return (model, all)
    }

    func entitled(_ model: StoreModel) -> [String] {
        model.expectedState().entitled.indices.map { model.catalog.products[$0].id }
    }

    @Test("A trace of a small history")
    func trace() throws {
        let events = ["purchase(monthly)", "advanceTime(P1W)", "advanceTime(P1M)", "setBilling(fail)", "advanceTime(P1M)",
            "advanceTime(P20D)", "setBilling(ok)", "purchase(yearly)", "refund(#5)", "purchase(premium)", "relaunch"]
        var model = StoreModel(catalog: Self.catalog)
        for (i, text) in events.enumerated() {
            let event = try Event(compact: text)
            let effects = try model.apply(event, recordingServerChannels: true)
            print(model.traceLine(index: i, event: event, effects: effects).rendered())
        }
        #expect(entitled(model) == ["premium"])
    }
}
