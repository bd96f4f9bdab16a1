import ConformanceRunner
import StoreKit
import Testing

/// Drives `GrandfatheredUnlockStore` for an app whose version is `Version.value`.
protocol GrandfatheredAdapter: StoreKitApp where Store == GrandfatheredUnlockStore {}

extension GrandfatheredAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> GrandfatheredUnlockStore {
        let store = GrandfatheredUnlockStore()
        await store.refresh()
        return store
    }

    @MainActor static func buy(_ productID: String, in store: GrandfatheredUnlockStore) async throws {
        try await store.buy()
    }

    @MainActor static func becomeActive(_ store: GrandfatheredUnlockStore, on device: SimulatedDevice) async {
        await store.refresh()
    }

    @MainActor static func observe(_ store: GrandfatheredUnlockStore, on device: SimulatedDevice) -> ObservedState {
        ObservedState(
            entitled: store.isUnlocked ? [GrandfatheredUnlockStore.unlockID] : [],
            extra: .string(store.originalAppVersion ?? "unread"))
    }
}

/// A customer of the free app (version 2.3): only the unlock unlocks.
enum FreeEraApp: GrandfatheredAdapter { static let appVersion = "2.3" }
/// A customer who got the app while it was paid (version 1.8): everything is unlocked.
enum PaidEraApp: GrandfatheredAdapter { static let appVersion = "1.8" }

@Suite("Fixtures: a store reading AppTransaction's original app version, unchanged")
struct GrandfatheredUnlockStoreTests {
    @Test("A customer of the free version conforms: AppTransaction says the app's own version")
    func freeEraConforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<FreeEraApp>.self, catalog: FixtureCatalogs.proLifetime, histories: 150,
            failuresFolder: nil, environment: [:])
        #expect(run.passed, "\(run.report)")
    }

    @Test("A paid-era customer is unlocked without buying, which the model (knowing no app versions) reports")
    func paidEraIsUnlockedWithoutPurchase() throws {
        let run = try Conformance.run(
            StoreKitSubject<PaidEraApp>.self, catalog: FixtureCatalogs.proLifetime, histories: 150,
            failuresFolder: nil, environment: [:])
        let failure = try #require(run.result.failures.first, "the grandfathered unlock was not seen")
        #expect(failure.check == .entitlementsMatch)
        #expect(failure.history.events.count <= 1)
    }
}
