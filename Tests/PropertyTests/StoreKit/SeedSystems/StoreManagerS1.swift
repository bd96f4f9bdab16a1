import Foundation
import Observation

// S1 — "StoreManager" (a StoreKit 2 guide, 2024), as the guide writes it. Only the import
// differs from an app target: on Linux it is the StoreKit facade.
#if canImport(StoreKit)
    import StoreKit
#else
    import StoreKitTestDouble
#endif

/// The guide's logging (printing in the app; silent in the test run).
private func log(_ message: @autoclosure () -> String) {}

/// Errors the store reports to its UI.
enum StoreErrorS1: Error {
    case failedVerification
    case userCancelled
    case pending
    case unknown
}

/// The subscription status the paywall shows.
enum ProStatusS1: Equatable {
    case notSubscribed
    case lifetime
    case yearly
    case monthly
    case weekly
}

@MainActor
@Observable
final class StoreManagerS1 {
    static let consumableIDs = ["coins.100", "coins.500", "coins.1000"]
    static let nonConsumableIDs = ["premium", "removeads", "themes.all", "pro.lifetime"]
    static let subscriptionIDs = ["pro.weekly", "pro.monthly", "pro.yearly"]

    private(set) var products: [Product] = []
    private(set) var purchasedProductIDs: Set<String> = []
    private(set) var proStatus: ProStatusS1 = .notSubscribed
    /// The guide shows an expiry next to the status; it is never filled in.
    private(set) var proExpirationDate: Date? = nil

    @ObservationIgnored private var updateListenerTask: Task<Void, Never>? = nil

    init() {
        updateListenerTask = listenForTransactions()
        Task {
            await loadProducts()
            await updatePurchasedProducts()
        }
    }

    deinit {
        updateListenerTask?.cancel()
    }

    func loadProducts() async {
        do {
            products = try await Product.products(
                for: Self.consumableIDs + Self.nonConsumableIDs + Self.subscriptionIDs)
        } catch {
            log("Failed to load products: \(error)")
        }
    }

    private func listenForTransactions() -> Task<Void, Never> {
        Task.detached { [weak self] in
            for await result in Transaction.updates {
                guard let self else { return }
                do {
                    let transaction = try self.checkVerified(result)
                    // Refresh the purchased set on the main actor (not awaited).
                    Task { @MainActor in await self.updatePurchasedProducts() }
                    await transaction.finish()
                } catch {
                    log("Transaction failed verification")
                }
            }
        }
    }

    @discardableResult
    func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase(options: [.appAccountToken(UUID())])
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            await updatePurchasedProducts()
            await transaction.finish()
            return transaction
        case .userCancelled:
            throw StoreErrorS1.userCancelled
        case .pending:
            throw StoreErrorS1.pending
        }
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreErrorS1.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    func updatePurchasedProducts() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            if transaction.revocationDate == nil {
                purchased.insert(transaction.productID)
            }
        }
        purchasedProductIDs = purchased
        if purchased.contains("pro.lifetime") {
            proStatus = .lifetime
        } else if purchased.contains("pro.yearly") {
            proStatus = .yearly
        } else if purchased.contains("pro.monthly") {
            proStatus = .monthly
        } else if purchased.contains("pro.weekly") {
            proStatus = .weekly
        } else {
            proStatus = .notSubscribed
        }
        proExpirationDate = nil
    }

    func restorePurchases() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }

    func isPurchased(_ productID: String) -> Bool {
        purchasedProductIDs.contains(productID)
    }

    var isPro: Bool { proStatus != .notSubscribed }
}
