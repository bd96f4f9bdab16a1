// Fixture in the style of apps that went from paid to free with an unlock (written for this
// project): customers whose original app version predates the switch keep everything, read
// from AppTransaction; everyone else needs the lifetime unlock.
import StoreKit

@MainActor
final class GrandfatheredUnlockStore: ObservableObject {
    static let unlockID = "pro.lifetime"
    /// The first version that was free to download.
    static let firstFreeVersion = "2.0"

    @Published private(set) var isUnlocked = false
    @Published private(set) var isLegacyCustomer = false
    private(set) var originalAppVersion: String?
    private var updates: Task<Void, Never>?

    init() {
        updates = Task.detached { [weak self] in
            for await result in StoreKit.Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                await self?.refresh()
                await transaction.finish()
            }
        }
    }

    func refresh() async {
        var owns = false
        for await result in StoreKit.Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.productID == Self.unlockID,
                transaction.revocationDate == nil
            {
                owns = true
            }
        }
        if let shared = try? await AppTransaction.shared, case .verified(let app) = shared {
            originalAppVersion = app.originalAppVersion
            isLegacyCustomer =
                app.originalAppVersion.compare(Self.firstFreeVersion, options: .numeric) == .orderedAscending
        }
        isUnlocked = owns || isLegacyCustomer
    }

    func buy() async throws {
        guard let product = try await Product.products(for: [Self.unlockID]).first else { return }
        if case .success(.verified(let transaction)) = try await product.purchase() {
            await refresh()
            await transaction.finish()
        }
    }
}
