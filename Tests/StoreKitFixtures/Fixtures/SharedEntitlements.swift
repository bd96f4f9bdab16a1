// Fixture in the style of an app that keeps its purchases in a singleton (written for this
// project): `static let shared`, product ids in a Set, owned products in a Dictionary, one
// task per product when it refreshes.
import StoreKit

final class SharedEntitlements {
    static let shared = SharedEntitlements()

    let productIDs: Set<String> = ["theme.dark", "pro.lifetime", "plus.monthly", "plus.yearly", "coins.10"]
    private(set) var owned: [String: UInt64] = [:]
    private var listener: Task<Void, Never>?

    init() {}

    @MainActor
    func start() {
        listener = Task { @MainActor [weak self] in
            for await update in StoreKit.Transaction.updates {
                if case .verified(let transaction) = update { await transaction.finish() }
                await self?.refresh()
            }
        }
    }

    @MainActor
    func refresh() async {
        var found: [String: UInt64] = [:]
        await withTaskGroup(of: (String, UInt64?).self) { group in
            for id in productIDs {
                group.addTask {
                    guard case .verified(let transaction)? = await StoreKit.Transaction.currentEntitlement(for: id),
                        !transaction.isUpgraded
                    else { return (id, nil) }
                    return (id, transaction.id)
                }
            }
            for await (id, transactionID) in group {
                if let transactionID { found[id] = transactionID }
            }
        }
        owned = found
    }

    @MainActor
    func buy(_ product: Product) async throws {
        if case .success(.verified(let transaction)) = try await product.purchase() {
            await transaction.finish()
        }
        await refresh()
    }
}
