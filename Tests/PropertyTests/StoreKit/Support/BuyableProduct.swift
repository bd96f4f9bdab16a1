#if !canImport(Darwin)
    import StoreKitTestDouble

    /// The product a store's buy button offers: from the store's loaded list, else loaded now.
    @MainActor
    func buyableProduct(_ productID: String, loaded: [StoreKitTestDouble.Product]) async throws -> StoreKitTestDouble
        .Product?
    {
        if let product = loaded.first(where: { $0.id == productID }) { return product }
        return try await StoreKitTestDouble.Product.products(for: [productID]).first
    }
#endif
