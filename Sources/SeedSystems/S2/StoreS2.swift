import Observation
// The notes import StoreKit; only this import differs from them. The facade mirrors StoreKit 2's
// API, so the class below compiles against either unchanged.
import StoreKitTestDouble

/// S2 — "Store" (StoreKit 2 pattern notes, 2026), as the notes write it (`seed-systems.md`, S2).
///
/// At launch one task loads the products and *then* iterates `Transaction.updates`; it does not
/// read `currentEntitlements` at launch. A verified purchase recomputes, finishes and returns
/// the transaction; an unverified one throws unfinished; cancelled or pending returns nothing.
/// The purchased set is the product ids of the verified `currentEntitlements`, no other filter.
/// The listener recomputes and then finishes each verified element and skips unverified ones.
///
/// `fixed` is the corrected twin: it changes only what the suite proved wrong, each change
/// behind `if fixed` with a comment naming the check (the other one is in the adapter,
/// `StoreS2App.becomeActive`).
@MainActor
@Observable
public final class StoreS2 {
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
    @ObservationIgnored private let fixed: Bool

    /// Starts the one launch task: load the products, then listen for transactions.
    public init(fixed: Bool = false) {
        self.fixed = fixed
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
            guard case .verified(let transaction) = result else { continue }
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it while its period lasts.
            if fixed, transaction.isUpgraded { continue }
            purchased.insert(transaction.productID)
        }
        purchasedProductIDs = purchased
    }

    /// Syncs with the App Store, then recomputes.
    public func restore() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }
}
