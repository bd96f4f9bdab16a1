import Foundation
import Observation
// The guide imports StoreKit; only this import differs from it.
import StoreKitTestDouble

/// Where the corrected S1 keeps its coins and the transactions it credited (`UserDefaults` in the app).
public protocol CoinStorageS1: AnyObject {
    /// The data stored under `defaultName`, if any.
    func data(forKey defaultName: String) -> Data?
    /// Stores `value` under `defaultName` (nil removes it).
    func set(_ value: Any?, forKey defaultName: String)
}

extension UserDefaults: CoinStorageS1 {}

/// The guide's logging (printing in the app; silent in the port).
private func log(_ message: @autoclosure () -> String) {}

/// S1's `StoreManager` corrected where the conformance suite proved it wrong; everything else
/// is the guide's code (`StoreManagerS1`).
///
/// Each change carries a comment naming the check that found the bug.
@MainActor
@Observable
public final class StoreManagerS1Fixed {
    /// The coin packs the shop sells.
    public static let consumableIDs = ["coins.100", "coins.500", "coins.1000"]
    /// The coins each pack credits.
    // Fixed (consumable-credited-once): the guide sold coins and never credited them.
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
    public private(set) var proStatus: StoreManagerS1.ProStatus = .notSubscribed
    /// The guide shows an expiry next to the status; it is never filled in.
    public private(set) var proExpirationDate: Date? = nil
    /// The coins credited per pack (persisted).
    public private(set) var coins: [String: Int] = [:]

    @ObservationIgnored private var creditedIDs: Set<UInt64> = []
    @ObservationIgnored private let storage: CoinStorageS1
    @ObservationIgnored private var updateListenerTask: Task<Void, Never>? = nil

    /// Loads the coins, starts the listener, then loads the products and recomputes.
    public init(storage: CoinStorageS1 = UserDefaults.standard) {
        self.storage = storage
        // Fixed (consumable-credited-once): credits survive a relaunch.
        if let data = storage.data(forKey: "coins"), let saved = try? JSONDecoder().decode([String: Int].self, from: data) {
            coins = saved
        }
        if let data = storage.data(forKey: "creditedIDs"), let saved = try? JSONDecoder().decode([UInt64].self, from: data) {
            creditedIDs = Set(saved)
        }
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
                    await self.credit(transaction)
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
            credit(transaction)  // Fixed (consumable-credited-once).
            await updatePurchasedProducts()
            await transaction.finish()
            return transaction
        case .userCancelled:
            throw StoreManagerS1.StoreError.userCancelled
        case .pending:
            throw StoreManagerS1.StoreError.pending
        }
    }

    /// The payload of a verified result; throws for an unverified one.
    public nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreManagerS1.StoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    /// Credits a verified coin pack once per transaction, saved before it is finished.
    // Fixed (consumable-credited-once): the guide had no such step.
    func credit(_ transaction: Transaction) {
        guard let grant = Self.coinGrants[transaction.productID],
            creditedIDs.insert(transaction.id).inserted
        else { return }
        coins[transaction.productID, default: 0] += grant * transaction.purchasedQuantity
        storage.set(try? JSONEncoder().encode(coins), forKey: "coins")
        storage.set(try? JSONEncoder().encode(creditedIDs.sorted()), forKey: "creditedIDs")
    }

    /// Recomputes the purchased set and the pro status from `currentEntitlements`.
    public func updatePurchasedProducts() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else { continue }
            // Fixed (one-level-per-group): an upgraded-from plan never grants; StoreKit may
            // still list it while its period lasts.
            if transaction.revocationDate == nil, !transaction.isUpgraded {
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
