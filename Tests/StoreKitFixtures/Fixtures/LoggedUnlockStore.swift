// Fixture in the style of store classes that import more than StoreKit (written for this
// project): `import Combine` for ObservableObject/@Published and a Set<AnyCancellable> that owns
// the listener, `import os` for a Logger with privacy-annotated interpolations and os_log, a
// key-value-coding write to defaults, and a lifetime unlock that a refund takes back.
import Combine
import Foundation
import StoreKit
import os

@MainActor
final class LoggedUnlockStore: ObservableObject {
    @Published private(set) var unlockedIDs: Set<String> = []
    @Published private(set) var lastError: String?
    private var cancellables = Set<AnyCancellable>()
    private let logger = Logger(subsystem: "com.example.fixture", category: "Store")
    private let productIDs: [String]
    private let cache: UserDefaults

    init(productIDs: [String], cache: UserDefaults) {
        self.productIDs = productIDs
        self.cache = cache
        let listener = Task.detached { [weak self] in
            for await result in Transaction.updates {
                await self?.handle(result)
            }
        }
        AnyCancellable { listener.cancel() }.store(in: &cancellables)
        logger.debug("store created for \(productIDs.count, privacy: .public) products")
    }

    func buy(_ productID: String) async throws {
        guard let product = try await Product.products(for: [productID]).first else {
            logger.error("unknown product \(productID, privacy: .private(mask: .hash))")
            return
        }
        switch try await product.purchase() {
        case .success(let result):
            await handle(result)
        case .pending:
            logger.notice("purchase of \(product.id, privacy: .public) is waiting for approval")
        case .userCancelled:
            break
        @unknown default:
            break
        }
    }

    func refresh() async {
        var unlocked: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                unlocked.insert(transaction.productID)
            }
        }
        unlockedIDs = unlocked
        logger.info("entitled to \(unlocked.count, format: .decimal) products")
    }

    private func handle(_ result: VerificationResult<Transaction>) async {
        guard case .verified(let transaction) = result else {
            lastError = "unverified"
            return
        }
        if transaction.revocationDate == nil {
            unlockedIDs.insert(transaction.productID)
        } else {
            unlockedIDs.remove(transaction.productID)
        }
        cache.setValue(transaction.revocationDate == nil, forKey: transaction.productID)
        os_log(.debug, "finishing %{public}s", transaction.productID)
        await transaction.finish()
    }
}
