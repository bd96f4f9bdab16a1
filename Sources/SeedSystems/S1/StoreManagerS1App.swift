import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

/// S1's store as published, driven by the runner.
///
/// The buy button buys through the store; Restore Purchases calls `restorePurchases()`. What
/// the app grants is its purchased set; it keeps no coins, so every coin balance reads 0.
public enum StoreManagerS1App: StoreKitApp {
    /// Creates the store at every launch.
    public static func launch(on device: SimulatedDevice) async -> StoreManagerS1 { StoreManagerS1() }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreManagerS1) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreManagerS1) async throws { try await store.restorePurchases() }

    /// The purchased set, and the coins credited: none.
    public static func observe(_ store: StoreManagerS1, on device: SimulatedDevice) -> ObservedState {
        var coins = Balances()
        for id in StoreManagerS1.consumableIDs { coins[id] = 0 }
        return ObservedState(entitled: store.purchasedProductIDs.sorted(), balances: coins)
    }
}

/// S1 corrected where the suite proved it wrong, driven by the runner like the published one.
public enum StoreManagerS1FixedApp: StoreKitApp {
    /// Creates the store at every launch, on the device's storage.
    public static func launch(on device: SimulatedDevice) async -> StoreManagerS1Fixed {
        StoreManagerS1Fixed(storage: device.defaults)
    }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreManagerS1Fixed) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreManagerS1Fixed) async throws { try await store.restorePurchases() }

    /// Recomputes whenever the app comes to the foreground.
    // Fixed (expired-never-entitled, entitlements-match): nothing recomputed when a period
    // ended or grace ran out (no update arrives then), nor when a refund was reversed without an
    // update (§18.7); the app now re-reads currentEntitlements when it comes to the foreground.
    public static func becomeActive(_ store: StoreManagerS1Fixed, on device: SimulatedDevice) async {
        await store.updatePurchasedProducts()
    }

    /// The purchased set, and the coins credited.
    public static func observe(_ store: StoreManagerS1Fixed, on device: SimulatedDevice) -> ObservedState {
        var coins = Balances()
        for id in StoreManagerS1Fixed.consumableIDs { coins[id] = store.coins[id] ?? 0 }
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
