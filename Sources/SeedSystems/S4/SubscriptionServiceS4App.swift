import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

extension SimulatedDefaults: SubscriptionStorageS4 {}

/// S4's service driven by the runner, as published (`SubscriptionServiceS4App<AsPublished>`) or
/// corrected (`SubscriptionServiceS4App<Fixed>`).
///
/// The service gets the simulated device's storage, clock and calendar. Premium grants its
/// tier's product; the app action `analyze` asks `canAnalyze()` and, when allowed, records the
/// analysis, answering `true` or `false`.
public enum SubscriptionServiceS4App<Twin: SeedTwin>: StoreKitApp {
    /// Creates the service at every launch, on the device's storage, clock and calendar.
    public static func launch(on device: SimulatedDevice) async -> SubscriptionServiceS4 {
        SubscriptionServiceS4(fixed: Twin.fixed, storage: device.defaults, now: { device.now }, calendar: device.calendar)
    }

    /// Buys `productID` through the service.
    public static func buy(_ productID: String, in store: SubscriptionServiceS4) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the service.
    public static func restore(in store: SubscriptionServiceS4) async throws { try await store.restore() }

    /// The published app does nothing when it comes to the foreground; the corrected one recomputes.
    public static func becomeActive(_ store: SubscriptionServiceS4, on device: SimulatedDevice) async {
        // Fixed (expired-never-entitled, entitlements-match): the cached premium flag outlived the
        // subscription (no update arrives when a period ends) and missed a refund reversed without
        // an update (§18.7); the app now re-reads currentEntitlements when it comes to the foreground.
        if Twin.fixed { await store.refreshStatus() }
    }

    /// `analyze`: the free-tier gate, then the count; other actions are not the app's.
    public static func perform(
        _ name: String, value: JSONValue?, in store: SubscriptionServiceS4, on device: SimulatedDevice
    ) async throws -> JSONValue? {
        guard name == "analyze" else { return nil }
        guard await store.canAnalyze() else { return .bool(false) }
        await store.recordAnalysis()
        return .bool(true)
    }

    /// Premium grants its tier's product; today's count and the trial flag go in `extra`.
    public static func observe(_ store: SubscriptionServiceS4, on device: SimulatedDevice) -> ObservedState {
        var entitled: [String] = []
        if store.status.isPremium {
            entitled = [store.status.tier == .yearly ? SubscriptionServiceS4.yearlyID : SubscriptionServiceS4.monthlyID]
        }
        return ObservedState(
            entitled: entitled,
            extra: .object([("analysesToday", .int(Int64(store.usage.count))), ("inTrial", .bool(store.status.isInTrial))]))
    }
}
