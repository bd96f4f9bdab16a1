import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

/// S2's store driven by the runner, as published (`StoreS2App<AsPublished>`) or corrected
/// (`StoreS2App<Fixed>`): what it grants is its purchased set.
public enum StoreS2App<Twin: SeedTwin>: StoreKitApp {
    /// Creates the store at every launch.
    public static func launch(on device: SimulatedDevice) async -> StoreS2 { StoreS2(fixed: Twin.fixed) }

    /// Buys `productID` through the store.
    public static func buy(_ productID: String, in store: StoreS2) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        _ = try await store.purchase(product)
    }

    /// Restores through the store.
    public static func restore(in store: StoreS2) async throws { try await store.restore() }

    /// The published app does nothing when it comes to the foreground; the corrected one recomputes.
    public static func becomeActive(_ store: StoreS2, on device: SimulatedDevice) async {
        // Fixed (entitlements-match, grace-period-entitled, expired-never-entitled): the notes never
        // read currentEntitlements at launch, so a relaunched app granted nothing, and nothing
        // recomputed when a period ended (no update arrives then); the app now re-reads
        // currentEntitlements when it comes to the foreground, the launch included.
        if Twin.fixed { await store.updatePurchasedProducts() }
    }

    /// The purchased set.
    public static func observe(_ store: StoreS2, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.purchasedProductIDs.sorted())
    }
}
