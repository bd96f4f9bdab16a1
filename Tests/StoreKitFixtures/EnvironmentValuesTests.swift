import StoreKit
import SwiftUI
import Testing

@Suite("SwiftUI stand-in: a store class's EnvironmentKey and EnvironmentValues extension compile and work")
struct EnvironmentValuesTests {
    @Test("A key reads its default until a value is set, and each key keeps its own value")
    @MainActor
    func keysAndValues() {
        var environment = EnvironmentValues()
        #expect(environment.garageStore == nil)
        #expect(environment.garageTheme == "classic")
        let store = GarageStore()
        environment.garageStore = store
        environment.garageTheme = "night"
        #expect(environment.garageStore === store)
        #expect(environment.garageTheme == "night")
        let copy = environment
        environment.garageTheme = "day"
        #expect(copy.garageTheme == "night", "EnvironmentValues is a value: a copy keeps what it had")
        #expect(environment.garageStore?.productIDs == ["car.sport", "car.family"])
    }
}
