import Observation
// The notes import StoreKit; only this import differs from them.
import StoreKitTestDouble

/// S2's `Store` corrected where the conformance suite proved it wrong; everything else is the
/// notes' code (`StoreS2`).
///
/// Each change carries a comment naming the check that found the bug; the other one is in the
/// adapter (`StoreS2FixedApp.becomeActive`).
@MainActor
@Observable
public final class StoreS2Fixed {
    /// Errors the store reports to its UI.
    public enum StoreError: Error {
        /// StoreKit could not verify the transaction.
        case failedVerification
    }

    /// The subscriptions the store sells.
    public static let productIDs = ["pro_monthly", "pro_yearly"]

    /// The products loaded at launch.
    public private(set) var products: [Product] = []
    /// The product ids the app unlocks.
    public private(set) var purchasedProductIDs: Set<String> = []

    @ObservationIgnored private var updates: Task<Void, Never>? = nil

    /// Starts the one launch task: load the products, then listen for transactions.
    public init() {
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

    /// Loads the subscriptions (none on failure).
    public func loadProducts() async {
        products = (try? await Product.products(for: Self.productIDs)) ?? []
    }

    /// Buys `product`; returns its transaction when it succeeded verified, nil when cancelled or pending.
    public func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            guard case .verified(let transaction) = verification else { throw StoreError.failedVerification }
            await updatePurchasedProducts()
            await transaction.finish()
            return transaction
        case .userCancelled, .pending:
            return nil
        }
    }

    /// Recomputes the purchased set from `currentEntitlements`.
    public func updatePurchasedProducts() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it while its period lasts.
            if case .verified(let transaction) = result, !transaction.isUpgraded {
                purchased.insert(transaction.productID)
            }
        }
        purchasedProductIDs = purchased
    }

    /// Syncs with the App Store, then recomputes.
    public func restore() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }
}
