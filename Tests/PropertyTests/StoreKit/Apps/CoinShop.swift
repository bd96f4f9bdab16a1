import Foundation

// A coin shop written against StoreKit 2 with an ordering bug: besides the store's own
// listener, a legacy "auditor" also iterates Transaction.updates and credits consumables the
// store has not credited yet. It checks, awaits the server, then credits — so when it looks
// before the listener credits, the coins are credited twice. Only some interleavings do that.
#if canImport(Darwin)
    import StoreKit
#else
    import StoreKitTestDouble
#endif

/// Where the shop keeps balances and credited transaction ids (`UserDefaults` in the app).
protocol CoinStorage: AnyObject {
    func data(forKey defaultName: String) -> Data?
    func set(_ value: Any?, forKey defaultName: String)
}

/// The shop's server: every call is a suspension point.
actor CoinLedger {
    private(set) var saved: [String: Int] = [:]

    func save(_ balances: [String: Int]) { saved = balances }

    func confirm(_ transactionID: UInt64) -> Bool { true }
}

@MainActor
final class CoinShop {
    static let grants = ["coins.100": 100]

    private(set) var balances: [String: Int] = [:]
    private(set) var creditedIDs: Set<UInt64> = []
    private(set) var ownedProductIDs: Set<String> = []
    private(set) var products: [Product] = []
    let ledger = CoinLedger()
    private let storage: CoinStorage
    private var listener: Task<Void, Never>? = nil
    private var auditor: Task<Void, Never>? = nil

    init(storage: CoinStorage, auditing: Bool = true) {
        self.storage = storage
        if let data = storage.data(forKey: "balances"),
            let saved = try? JSONDecoder().decode([String: Int].self, from: data)
        {
            balances = saved
        }
        if let data = storage.data(forKey: "credited"), let saved = try? JSONDecoder().decode([UInt64].self, from: data)
        {
            creditedIDs = Set(saved)
        }
        listener = Task.detached { [weak self] in
            for await result in Transaction.updates {
                await self?.handle(result)
            }
        }
        if auditing {
            auditor = Task.detached { [weak self] in
                for await result in Transaction.updates {
                    guard case .verified(let transaction) = result, transaction.productType == .consumable,
                        transaction.revocationDate == nil, let self
                    else { continue }
                    if await self.hasCredited(transaction.id) { continue }
                    guard await self.ledger.confirm(transaction.id) else { continue }
                    await self.credit(transaction, force: true)
                }
            }
        }
        Task {
            products = (try? await Product.products(for: ["coins.100", "premium"])) ?? []
            await refreshOwned()
        }
    }

    func handle(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else { return }
        if transaction.productType == .consumable, transaction.revocationDate == nil {
            await credit(transaction, force: false)
        } else {
            await refreshOwned()
        }
        await transaction.finish()
    }

    func hasCredited(_ id: UInt64) -> Bool { creditedIDs.contains(id) }

    func credit(_ transaction: Transaction, force: Bool) async {
        guard force || !creditedIDs.contains(transaction.id) else { return }
        creditedIDs.insert(transaction.id)
        balances[transaction.productID, default: 0] +=
            (Self.grants[transaction.productID] ?? 0) * transaction.purchasedQuantity
        storage.set(try? JSONEncoder().encode(balances), forKey: "balances")
        storage.set(try? JSONEncoder().encode(creditedIDs.sorted()), forKey: "credited")
        await ledger.save(balances)
    }

    func purchase(_ product: Product) async throws {
        let result = try await product.purchase()
        if case .success(let verification) = result {
            await handle(verification)
        }
    }

    func restore() async throws {
        try await AppStore.sync()
        await refreshOwned()
    }

    func refreshOwned() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                owned.insert(transaction.productID)
            }
        }
        ownedProductIDs = owned
    }
}
