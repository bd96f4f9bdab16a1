import Foundation
import Observation
// The guide imports StoreKit; only this import differs from it. The facade mirrors StoreKit 2's
// API, so the class below compiles against either unchanged.
import StoreKitTestDouble

/// The guide's logging (printing in the app; silent in the port).
private func log(_ message: @autoclosure () -> String) {}

/// S1 — "StoreManager" (a StoreKit 2 guide, 2024), as the guide writes it (`seed-systems.md`, S1).
///
/// Launch starts a detached listener on `Transaction.updates` and, separately, loads the products
/// and recomputes the purchased set. Every purchase passes a fresh random `appAccountToken`; a
/// verified success recomputes, finishes and returns; an unverified one throws unfinished. The
/// listener skips unverified elements and, for verified ones, *schedules* a recomputation on the
/// main actor (not awaited) and then finishes. The purchased set is the verified
/// `currentEntitlements` without a `revocationDate`; the pro status follows lifetime, yearly,
/// monthly, weekly, with an expiry that stays empty. Nothing credits coins and nothing
/// recomputes on a timer.
///
/// `fixed` is the corrected twin: it changes only what the suite proved wrong, each change
/// behind `if fixed` with a comment naming the check (the other one is in the adapter,
/// `StoreManagerS1App.becomeActive`); its coins live in `StoreManagerS1+Coins.swift`.
@MainActor
@Observable
public final class StoreManagerS1 {
    /// Errors the store reports to its UI.
    public enum StoreError: Error {
        /// StoreKit could not verify the transaction.
        case failedVerification
        /// The customer dismissed the purchase sheet.
        case userCancelled
        /// The purchase waits for approval (Ask to Buy).
        case pending
        /// Something else went wrong.
        case unknown
    }

    /// The subscription status the paywall shows.
    public enum ProStatus: Equatable, Sendable {
        /// No pro plan.
        case notSubscribed
        /// The one-time lifetime unlock.
        case lifetime
        /// The yearly plan.
        case yearly
        /// The monthly plan.
        case monthly
        /// The weekly plan.
        case weekly
    }

    /// The coin packs the shop sells.
    public static let consumableIDs = ["coins.100", "coins.500", "coins.1000"]
    /// The coins each pack credits (the corrected twin's; the guide credits none).
    public static let coinGrants = ["coins.100": 100, "coins.500": 500, "coins.1000": 1000]
    /// The one-time unlocks the shop sells.
    public static let nonConsumableIDs = ["premium", "removeads", "themes.all", "pro.lifetime"]
    /// The pro subscriptions, one group.
    public static let subscriptionIDs = ["pro.weekly", "pro.monthly", "pro.yearly"]

    /// The products loaded at launch.
    public private(set) var products: [Product] = []
    /// The product ids the app unlocks.
    public private(set) var purchasedProductIDs: Set<String> = []
    /// The subscription status the paywall shows.
    public private(set) var proStatus: ProStatus = .notSubscribed
    /// The guide shows an expiry next to the status; it is never filled in.
    public private(set) var proExpirationDate: Date? = nil
    /// The coins credited per pack (persisted; the corrected twin's only).
    public internal(set) var coins: [String: Int] = [:]

    @ObservationIgnored nonisolated let fixed: Bool
    @ObservationIgnored var creditedIDs: Set<UInt64> = []
    @ObservationIgnored let storage: CoinStorageS1
    @ObservationIgnored private var updateListenerTask: Task<Void, Never>? = nil

    /// Starts the listener, then loads the products and recomputes in a task of its own.
    public init(fixed: Bool = false, storage: CoinStorageS1 = UserDefaults.standard) {
        self.fixed = fixed
        self.storage = storage
        // Fixed (consumable-credited-once): credits survive a relaunch.
        if fixed { loadCoins() }
        updateListenerTask = listenForTransactions()
        Task {
            await loadProducts()
            await updatePurchasedProducts()
        }
    }

    deinit {
        updateListenerTask?.cancel()
    }

    /// Loads every product the shop sells.
    public func loadProducts() async {
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
                    // Fixed (consumable-credited-once): a coin pack bought elsewhere, approved by
                    // a parent or left unfinished is credited (once) before it is finished.
                    if self.fixed { await self.credit(transaction) }
                    // Refresh the purchased set on the main actor (not awaited).
                    Task { @MainActor in await self.updatePurchasedProducts() }
                    await transaction.finish()
                } catch {
                    log("Transaction failed verification")
                }
            }
        }
    }

    /// Buys `product` with a fresh random account token; throws unless it succeeded verified.
    @discardableResult
    public func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase(options: [.appAccountToken(UUID())])
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            if fixed { credit(transaction) }  // Fixed (consumable-credited-once).
            await updatePurchasedProducts()
            await transaction.finish()
            return transaction
        case .userCancelled:
            throw StoreError.userCancelled
        case .pending:
            throw StoreError.pending
        }
    }

    /// The payload of a verified result; throws for an unverified one.
    public nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    /// Recomputes the purchased set and the pro status from `currentEntitlements`.
    public func updatePurchasedProducts() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it while its period lasts.
            if fixed, transaction.isUpgraded { continue }
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

    /// Syncs with the App Store, then recomputes.
    public func restorePurchases() async throws {
        try await AppStore.sync()
        await updatePurchasedProducts()
    }

    /// Whether the app unlocks `productID`.
    public func isPurchased(_ productID: String) -> Bool {
        purchasedProductIDs.contains(productID)
    }

    /// Whether the pro features are on.
    public var isPro: Bool { proStatus != .notSubscribed }
}
