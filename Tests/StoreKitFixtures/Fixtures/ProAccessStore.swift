// Fixture in the style of store classes that import SwiftUI without any view (written for this
// project): an access object keeping its flag in @AppStorage, and a purchase manager that is an
// NSObject, ObservableObject and StoreKit 1 observer at once (for promoted purchases) while it
// buys and reads entitlements with StoreKit 2.
import StoreKit
import SwiftUI

final class ProAccess: ObservableObject {
    @AppStorage("access.hasPro") var hasPro: Bool = false
    @AppStorage("access.tier") var tier: Tier = .free

    enum Tier: String { case free, pro }

    init(defaults: UserDefaults) {
        _hasPro = AppStorage(wrappedValue: false, "access.hasPro", store: defaults)
        _tier = AppStorage(wrappedValue: .free, "access.tier", store: defaults)
    }
}

@MainActor
final class ProPurchaseStore: NSObject, ObservableObject {
    @Published private(set) var ownedIDs: Set<String> = []
    let access: ProAccess
    private var listener: Task<Void, Never>?

    init(access: ProAccess) {
        self.access = access
        super.init()
        SKPaymentQueue.default().add(self)
        listener = Task { [weak self] in
            for await update in Transaction.updates {
                guard case .verified(let transaction) = update else { continue }
                await self?.refresh()
                await transaction.finish()
            }
        }
    }

    func buy(_ product: Product) async throws {
        if case .success(.verified(let transaction)) = try await product.purchase() {
            await refresh()
            await transaction.finish()
        }
    }

    func refresh() async {
        var owned: Set<String> = []
        for await entitlement in Transaction.currentEntitlements {
            if case .verified(let transaction) = entitlement, transaction.revocationDate == nil {
                owned.insert(transaction.productID)
            }
        }
        ownedIDs = owned
        access.hasPro = !owned.isEmpty
        access.tier = owned.isEmpty ? .free : .pro
    }
}

extension ProPurchaseStore: SKPaymentTransactionObserver {
    nonisolated func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}

    nonisolated func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct)
        -> Bool
    {
        true
    }
}
