#if !canImport(StoreKit)
    import ConformanceRunner
    import Foundation
    import PurchaseStateMachine
    import StoreKitTestDouble

    /// The product a store's buy button offers: from the store's loaded list, else loaded now.
    @MainActor
    func buyableProduct(_ productID: String, loaded: [StoreKitTestDouble.Product]) async throws -> StoreKitTestDouble
        .Product?
    {
        if let product = loaded.first(where: { $0.id == productID }) { return product }
        return try await StoreKitTestDouble.Product.products(for: [productID]).first
    }

    /// S1 driven by the runner: its purchased set is what it grants.
    enum StoreManagerS1App: StoreKitApp {
        static func launch(on device: SimulatedDevice) async -> StoreManagerS1 { StoreManagerS1() }

        static func buy(_ productID: String, in store: StoreManagerS1) async throws {
            guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
            try await store.purchase(product)
        }

        static func restore(in store: StoreManagerS1) async throws { try await store.restorePurchases() }

        static func observe(_ store: StoreManagerS1, on device: SimulatedDevice) -> ObservedState {
            ObservedState(entitled: store.purchasedProductIDs.sorted())
        }
    }

    /// S2 driven by the runner: its purchased set is what it grants.
    enum StoreS2App: StoreKitApp {
        static func launch(on device: SimulatedDevice) async -> StoreS2 { StoreS2() }

        static func buy(_ productID: String, in store: StoreS2) async throws {
            guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
            _ = try await store.purchase(product)
        }

        static func restore(in store: StoreS2) async throws { try await store.restore() }

        static func observe(_ store: StoreS2, on device: SimulatedDevice) -> ObservedState {
            ObservedState(entitled: store.purchasedProductIDs.sorted())
        }
    }

    extension SimulatedDefaults: SubscriptionStorageS4 {}

    /// S4 driven by the runner: premium grants its tier's product; `analyze` uses the free tier.
    enum SubscriptionServiceS4App: StoreKitApp {
        static func launch(on device: SimulatedDevice) async -> SubscriptionServiceS4 {
            SubscriptionServiceS4(storage: device.defaults, now: { device.now }, calendar: device.calendar)
        }

        static func buy(_ productID: String, in store: SubscriptionServiceS4) async throws {
            guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
            try await store.purchase(product)
        }

        static func restore(in store: SubscriptionServiceS4) async throws { try await store.restore() }

        static func perform(
            _ name: String, value: JSONValue?, in store: SubscriptionServiceS4, on device: SimulatedDevice
        )
            async throws -> JSONValue?
        {
            guard name == "analyze" else { return nil }
            guard store.canAnalyze() else { return .bool(false) }
            store.recordAnalysis()
            return .bool(true)
        }

        static func observe(_ store: SubscriptionServiceS4, on device: SimulatedDevice) -> ObservedState {
            let status = store.status
            var entitled: [String] = []
            if status.isPremium {
                entitled = [status.tier == .yearly ? SubscriptionServiceS4.yearlyID : SubscriptionServiceS4.monthlyID]
            }
            return ObservedState(
                entitled: entitled,
                extra: .object([
                    ("analysesToday", .int(Int64(store.usage.count))), ("inTrial", .bool(status.isInTrial)),
                ]))
        }
    }
#endif
