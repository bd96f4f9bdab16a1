import ConformanceRunner
import StoreKit
import Testing

import struct PurchaseStateMachine.Catalog

/// Drives `ShopStore` (compiled unchanged against `import StoreKit`) through the runner; the
/// app re-reads its entitlements whenever it comes to the foreground.
enum ShopApp: ShopAdapter {
    static func becomeActive(_ store: ShopStore, on device: SimulatedDevice) async {
        await store.updateCustomerProductStatus()
    }
}

/// The same app without the foreground refresh: only transactions make it recompute.
enum ShopAppWithoutRefresh: ShopAdapter {}

/// How both apps launch, buy, restore and report what they grant.
protocol ShopAdapter: StoreKitApp where Store == ShopStore {}

extension ShopAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> ShopStore {
        ShopStore(productIDs: FixtureCatalogs.shopIDs)
    }

    @MainActor static func buy(_ productID: String, in store: ShopStore) async throws {
        guard let product = try await StoreKit.Product.products(for: [productID]).first else { return }
        _ = try await store.purchase(product)
    }

    @MainActor static func restore(in store: ShopStore) async throws { try await store.restore() }

    @MainActor static func observe(_ store: ShopStore, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: (store.purchasedUnlockables + store.purchasedSubscriptions).map(\.id).sorted())
    }
}

@Suite("Fixtures: a typical StoreKit 2 store class, unchanged")
struct ShopStoreTests {
    @Test("The store conforms over a campaign of generated histories")
    func conforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<ShopApp>.self, catalog: FixtureCatalogs.shop, histories: 300, failuresFolder: nil,
            environment: [:])
        #expect(run.passed, "\(run.report)")
    }

    @Test("Without a foreground refresh, an expired subscription stays granted (a real finding, not the facade's)")
    func staleWithoutRefresh() throws {
        let run = try Conformance.run(
            StoreKitSubject<ShopAppWithoutRefresh>.self, catalog: FixtureCatalogs.shop, histories: 300,
            failuresFolder: nil, environment: [:])
        let failure = try #require(run.result.failures.first, "the stale entitlement was not found")
        #expect(failure.check == .expiredNeverEntitled)
        #expect(failure.history.events.last.map { "\($0)" }?.contains("advanceTime") == true)
    }
}
