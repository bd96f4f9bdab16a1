import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

extension SimulatedDefaults: SubscriptionStorageS4 {}

/// S4's service as published, driven by the runner.
///
/// The service gets the simulated device's storage, clock and calendar. Premium grants its
/// tier's product; the app action `analyze` asks `canAnalyze()` and, when allowed, records the
/// analysis, answering `true` or `false`.
public enum SubscriptionServiceS4App: StoreKitApp {
    /// Creates the service at every launch, on the device's storage, clock and calendar.
    public static func launch(on device: SimulatedDevice) async -> SubscriptionServiceS4 {
        SubscriptionServiceS4(storage: device.defaults, now: { device.now }, calendar: device.calendar)
    }

    /// Buys `productID` through the service.
    public static func buy(_ productID: String, in store: SubscriptionServiceS4) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the service.
    public static func restore(in store: SubscriptionServiceS4) async throws { try await store.restore() }

    /// `analyze`: the free-tier gate, then the count; other actions are not the app's.
    public static func perform(
        _ name: String, value: JSONValue?, in store: SubscriptionServiceS4, on device: SimulatedDevice
    ) async throws -> JSONValue? {
        guard name == "analyze" else { return nil }
        guard store.canAnalyze() else { return .bool(false) }
        store.recordAnalysis()
        return .bool(true)
    }

    /// Premium grants its tier's product; today's count and the trial flag go in `extra`.
    public static func observe(_ store: SubscriptionServiceS4, on device: SimulatedDevice) -> ObservedState {
        observed(store.status, analysesToday: store.usage.count)
    }

    @MainActor static func observed(_ status: SubscriptionServiceS4.SubscriptionStatus, analysesToday: Int) -> ObservedState {
        var entitled: [String] = []
        if status.isPremium {
            entitled = [status.tier == .yearly ? SubscriptionServiceS4.yearlyID : SubscriptionServiceS4.monthlyID]
        }
        return ObservedState(
            entitled: entitled,
            extra: .object([("analysesToday", .int(Int64(analysesToday))), ("inTrial", .bool(status.isInTrial))]))
    }
}

/// S4 corrected where the suite proved it wrong, driven by the runner like the published one.
public enum SubscriptionServiceS4FixedApp: StoreKitApp {
    /// Creates the service at every launch, on the device's storage, clock and calendar.
    public static func launch(on device: SimulatedDevice) async -> SubscriptionServiceS4Fixed {
        SubscriptionServiceS4Fixed(storage: device.defaults, now: { device.now }, calendar: device.calendar)
    }

    /// Buys `productID` through the service.
    public static func buy(_ productID: String, in store: SubscriptionServiceS4Fixed) async throws {
        guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
        try await store.purchase(product)
    }

    /// Restores through the service.
    public static func restore(in store: SubscriptionServiceS4Fixed) async throws { try await store.restore() }

    /// Recomputes the status whenever the app comes to the foreground.
    // Fixed (expired-never-entitled, entitlements-match): the cached premium flag outlived the
    // subscription (no update arrives when a period ends) and missed a refund reversed without
    // an update (§18.7); the app now re-reads currentEntitlements when it comes to the foreground.
    public static func becomeActive(_ store: SubscriptionServiceS4Fixed, on device: SimulatedDevice) async {
        await store.refreshStatus()
    }

    /// `analyze`: the free-tier gate, then the count.
    public static func perform(
        _ name: String, value: JSONValue?, in store: SubscriptionServiceS4Fixed, on device: SimulatedDevice
    ) async throws -> JSONValue? {
        guard name == "analyze" else { return nil }
        guard await store.canAnalyze() else { return .bool(false) }
        await store.recordAnalysis()
        return .bool(true)
    }

    /// Premium grants its tier's product; today's count and the trial flag go in `extra`.
    public static func observe(_ store: SubscriptionServiceS4Fixed, on device: SimulatedDevice) -> ObservedState {
        SubscriptionServiceS4App.observed(store.status, analysesToday: store.usage.count)
    }
}
