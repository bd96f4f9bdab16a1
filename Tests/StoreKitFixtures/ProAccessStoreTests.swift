import ConformanceRunner
import StoreKit
import SwiftUI
import Testing

/// Drives `ProPurchaseStore` (compiled unchanged against `import SwiftUI` and `import StoreKit`);
/// what it grants is its `@AppStorage` flag.
enum ProAccessApp: StoreKitApp {
    @MainActor static func launch(on device: SimulatedDevice) async -> ProPurchaseStore {
        // A defaults domain per launch: `UserDefaults.standard` would leak between histories.
        let store = ProPurchaseStore(access: ProAccess(defaults: UserDefaults(suiteName: "fixture.\(UUID())") ?? .standard))
        await store.refresh()
        return store
    }

    @MainActor static func buy(_ productID: String, in store: ProPurchaseStore) async throws {
        if let product = try await Product.products(for: [productID]).first { try await store.buy(product) }
    }

    @MainActor static func restore(in store: ProPurchaseStore) async throws {
        try await AppStore.sync()
        await store.refresh()
    }

    @MainActor static func becomeActive(_ store: ProPurchaseStore, on device: SimulatedDevice) async {
        await store.refresh()
    }

    @MainActor static func observe(_ store: ProPurchaseStore, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.access.hasPro && store.access.tier == .pro ? ["pro.lifetime"] : [])
    }
}

@Suite("Fixtures: a store importing SwiftUI for @AppStorage and ObservableObject, unchanged")
struct ProAccessStoreTests {
    @Test("The store conforms over a campaign of generated histories")
    func conforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<ProAccessApp>.self, catalog: FixtureCatalogs.proLifetime, histories: 200, failuresFolder: nil, environment: [:])
        #expect(run.passed, "\(run.report)")
    }

    @Test("@AppStorage reads its default, writes through to its store, and nil removes an optional")
    func appStorage() throws {
        let defaults = try #require(UserDefaults(suiteName: "fixture.appstorage.\(UUID())"))
        let access = ProAccess(defaults: defaults)
        #expect(access.hasPro == false && access.tier == .free)
        access.hasPro = true
        access.tier = .pro
        #expect(defaults.bool(forKey: "access.hasPro") && defaults.string(forKey: "access.tier") == "pro")
        let again = ProAccess(defaults: defaults)
        #expect(again.hasPro && again.tier == .pro)
        defaults.set("gold", forKey: "access.tier")  // not a case: the default is read
        #expect(again.tier == .free)
        let note = AppStorage<String?>("note", store: defaults)
        note.wrappedValue = "hi"
        #expect(defaults.string(forKey: "note") == "hi")
        note.wrappedValue = nil
        #expect(defaults.object(forKey: "note") == nil && note.wrappedValue == nil)
    }
}
