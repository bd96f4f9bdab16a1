import Observation

// S2 — "Store" (StoreKit 2 pattern notes, 2026), as the notes write it. Only the import differs
// from an app target: on Linux it is the StoreKit facade.
#if canImport(StoreKit)
    import StoreKit
#else
    import StoreKitTestDouble
#endif

enum StoreErrorS2: Error {
    case failedVerification
}

@MainActor
@Observable
final class StoreS2 {
    static let productIDs = ["pro_monthly", "pro_yearly"]

    private(set) var products: [Product] = []
    private(set) var purchasedProductIDs: Set<String> = []

    @ObservationIgnored private var updates: Task<Void, Never>? = nil

    init() {
        // Load the products first, then listen for transactions.
        updates = Task { [weak self] in
            await self?.loadProducts()
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await self?.updatePurchasedProducts()
                await transaction.finish()
            }
        }
    }

    deinit {
        updates?.cancel()
    }

    func loadProducts() async {
        products = (try? await Product.products(for: Self.productIDs)) ?? []
    }

    func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            guard case .verified(let transaction) = verification else { throw StoreErrorS2.failedVerification }
            await updatePurchasedProducts()
            await transaction.finish()
            return transaction
        case .userCancelled, .pending:
            return nil
        }
    }

    func updatePurchasedProducts() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result {
                purchased.insert(transaction.productID)
            }
        }
        purchasedProductIDs = purchased
    }

    func restore() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }
}
