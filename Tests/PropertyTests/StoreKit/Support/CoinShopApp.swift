#if !canImport(Darwin)
    import ConformanceRunner
    import PurchaseStateMachine
    import StoreKitTestDouble

    extension SimulatedDefaults: CoinStorage {}

    /// The coin shop, with its auditor (`auditing`) or without.
    protocol CoinShopVariant: StoreKitApp where Store == CoinShop {
        static var auditing: Bool { get }
    }

    extension CoinShopVariant {
        @MainActor static func launch(on device: SimulatedDevice) async -> CoinShop {
            CoinShop(storage: device.defaults, auditing: auditing)
        }

        @MainActor static func buy(_ productID: String, in store: CoinShop) async throws {
            guard let product = try await buyableProduct(productID, loaded: store.products) else { return }
            try await store.purchase(product)
        }

        @MainActor static func restore(in store: CoinShop) async throws { try await store.restore() }

        @MainActor static func observe(_ store: CoinShop, on device: SimulatedDevice) -> ObservedState {
            ObservedState(
                entitled: store.ownedProductIDs.sorted(), balances: ["coins.100": store.balances["coins.100"] ?? 0])
        }
    }

    /// The shop with the auditor that double-credits in some interleavings.
    enum AuditedCoinShopApp: CoinShopVariant {
        static let auditing = true
    }

    /// The same shop without the auditor: correct in every interleaving.
    enum CoinShopApp: CoinShopVariant {
        static let auditing = false
    }
#endif
