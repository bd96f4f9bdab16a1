import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

/// S2's store as published, driven by the runner: what it grants is its purchased set.
public enum StoreS2App: StoreKitApp {
    /// Creates the store at every launch.
    public static func launch(on device: SimulatedDevice) async -> StoreS2 { StoreS2() }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreS2) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        _ = try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreS2) async throws { try await store.restore() }

    /// The purchased set.
    public static func observe(_ store: StoreS2, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.purchasedProductIDs.sorted())
    }
}

/// S2 corrected where the suite proved it wrong, driven by the runner like the published one.
public enum StoreS2FixedApp: StoreKitApp {
    /// Creates the store at every launch.
    public static func launch(on device: SimulatedDevice) async -> StoreS2Fixed { StoreS2Fixed() }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreS2Fixed) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        _ = try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreS2Fixed) async throws { try await store.restore() }

    /// Recomputes whenever the app comes to the foreground, the launch included.
    // Fixed (entitlements-match, grace-period-entitled, expired-never-entitled): the notes never
    // read currentEntitlements at launch, so a relaunched app granted nothing, and nothing
    // recomputed when a period ended (no update arrives then); the app now re-reads
    // currentEntitlements when it comes to the foreground.
    public static func becomeActive(_ store: StoreS2Fixed, on device: SimulatedDevice) async {
        await store.updatePurchasedProducts()
    }

    /// The purchased set.
    public static func observe(_ store: StoreS2Fixed, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.purchasedProductIDs.sorted())
    }
}
