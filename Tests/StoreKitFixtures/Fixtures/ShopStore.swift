// Fixture in the style of a typical StoreKit 2 store class (written for this project): an
// ObservableObject with @Published product lists, a detached Transaction.updates listener,
// module-qualified StoreKit names, and entitlements recomputed from currentEntitlements.
import StoreKit

typealias ShopRenewalState = StoreKit.Product.SubscriptionInfo.RenewalState

enum ShopStoreError: Error {
    case failedVerification
}

@MainActor
final class ShopStore: ObservableObject {
    @Published private(set) var consumables: [Product] = []
    @Published private(set) var unlockables: [Product] = []
    @Published private(set) var subscriptions: [Product] = []
    @Published private(set) var purchasedUnlockables: [Product] = []
    @Published private(set) var purchasedSubscriptions: [Product] = []
    @Published private(set) var subscriptionGroupStatus: ShopRenewalState?
    private(set) var errors: [String] = []

    private var updateListenerTask: Task<Void, Error>?
    private let productIDs: [String]

    init(productIDs: [String]) {
        self.productIDs = productIDs
        updateListenerTask = listenForTransactions()
        Task {
            await requestProducts()
            await updateCustomerProductStatus()
        }
    }

    deinit {
        updateListenerTask?.cancel()
    }

    func listenForTransactions() -> Task<Void, Error> {
        Task.detached {
            for await result in StoreKit.Transaction.updates {
                do {
                    let transaction = try await self.checkVerified(result)
                    await self.updateCustomerProductStatus()
                    await transaction.finish()
                } catch {
                    await self.record("Transaction failed verification")
                }
            }
        }
    }

    func requestProducts() async {
        do {
            let storeProducts = try await Product.products(for: productIDs)
            var newConsumables: [Product] = []
            var newUnlockables: [Product] = []
            var newSubscriptions: [Product] = []
            for product in storeProducts {
                switch product.type {
                case .consumable: newConsumables.append(product)
                case .nonConsumable: newUnlockables.append(product)
                case .autoRenewable: newSubscriptions.append(product)
                default: record("Unknown product \(product.id)")
                }
            }
            consumables = newConsumables.sorted { $0.price < $1.price }
            unlockables = newUnlockables.sorted { $0.price < $1.price }
            subscriptions = newSubscriptions.sorted { $0.price < $1.price }
        } catch {
            record("Failed product request from the App Store server: \(error)")
        }
    }

    func purchase(_ product: Product) async throws -> StoreKit.Transaction? {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            await updateCustomerProductStatus()
            await transaction.finish()
            return transaction
        case .userCancelled, .pending:
            return nil
        @unknown default:
            return nil
        }
    }

    func isPurchased(_ product: Product) -> Bool {
        switch product.type {
        case .nonConsumable: return purchasedUnlockables.contains(product)
        case .autoRenewable: return purchasedSubscriptions.contains(product)
        default: return false
        }
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified: throw ShopStoreError.failedVerification
        case .verified(let safe): return safe
        }
    }

    func updateCustomerProductStatus() async {
        var newUnlockables: [Product] = []
        var newSubscriptions: [Product] = []
        for await result in StoreKit.Transaction.currentEntitlements {
            do {
                let transaction = try checkVerified(result)
                if transaction.revocationDate != nil || transaction.isUpgraded { continue }
                switch transaction.productType {
                case .nonConsumable:
                    if let product = unlockables.first(where: { $0.id == transaction.productID }) {
                        newUnlockables.append(product)
                    }
                case .autoRenewable:
                    if let subscription = subscriptions.first(where: { $0.id == transaction.productID }) {
                        newSubscriptions.append(subscription)
                    }
                default: break
                }
            } catch {
                record("Unverified entitlement")
            }
        }
        purchasedUnlockables = newUnlockables
        purchasedSubscriptions = newSubscriptions
        subscriptionGroupStatus = try? await subscriptions.first?.subscription?.status.max { lhs, rhs in
            let order: [ShopRenewalState] = [.expired, .revoked, .inBillingRetryPeriod, .inGracePeriod, .subscribed]
            return (order.firstIndex(of: lhs.state) ?? 0) < (order.firstIndex(of: rhs.state) ?? 0)
        }?.state
    }

    func record(_ error: String) {
        errors.append(error)
    }

    func restore() async throws {
        try await AppStore.sync()
        await updateCustomerProductStatus()
    }
}
