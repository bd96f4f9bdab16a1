import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

/// S1's store driven by the runner, as published (`StoreManagerS1App<AsPublished>`) or
/// corrected (`StoreManagerS1App<Fixed>`).
///
/// The buy button buys through the store; Restore Purchases calls `restorePurchases()`. What
/// the app grants is its purchased set, and the coins it credited (the published store credits
/// none, so every coin balance reads 0).
public enum StoreManagerS1App<Twin: SeedTwin>: StoreKitApp {
    /// Creates the store at every launch, on the device's storage.
    public static func launch(on device: SimulatedDevice) async -> StoreManagerS1 {
        StoreManagerS1(fixed: Twin.fixed, storage: device.defaults)
    }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreManagerS1) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreManagerS1) async throws { try await store.restorePurchases() }

    /// The published app does nothing when it comes to the foreground; the corrected one recomputes.
    public static func becomeActive(_ store: StoreManagerS1, on device: SimulatedDevice) async {
        // Fixed (expired-never-entitled, entitlements-match): nothing recomputed when a period
        // ended or grace ran out (no update arrives then), nor when a refund was reversed without an
        // update (§18.7); the app now re-reads currentEntitlements when it comes to the foreground.
        if Twin.fixed { await store.updatePurchasedProducts() }
    }

    /// The purchased set, and the coins credited.
    public static func observe(_ store: StoreManagerS1, on device: SimulatedDevice) -> ObservedState {
        var coins = Balances()
        for id in StoreManagerS1.consumableIDs { coins[id] = store.coins[id] ?? 0 }
        return ObservedState(entitled: store.purchasedProductIDs.sorted(), balances: coins)
    }
}

extension SimulatedDefaults: CoinStorageS1 {}

/// The product a store's buy button offers: from the store's loaded list, else loaded now.
@MainActor
func buyableProduct(_ productID: String, loaded: [StoreKitTestDouble.Product]) async throws -> StoreKitTestDouble.Product? {
    if let product = loaded.first(where: { $0.id == productID }) { return product }
    return try await StoreKitTestDouble.Product.products(for: [productID]).first
}
