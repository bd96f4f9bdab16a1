// Fixture in the style of a current SwiftUI StoreKit app (written for this project): the view
// puts its logic in the closures of `.subscriptionStatusTask`, `.currentEntitlementTask` and
// `.onInAppPurchaseCompletion`, and buys through `@Environment(\.purchase)`. The view itself
// needs SwiftUI; its closures call this model, which needs only StoreKit:
//
//     .subscriptionStatusTask(for: "plus") { await model.statusChanged($0) }
//     .currentEntitlementTask(for: "pro.lifetime") { await model.lifetimeChanged($0) }
//     .onInAppPurchaseCompletion { product, result in await model.purchaseCompleted(product, result) }
//     Button("Buy") { Task { try await purchase(product) } }   // @Environment(\.purchase)
import StoreKit

@MainActor
final class EntitlementModel: ObservableObject {
    @Published private(set) var plusProductID: String?
    @Published private(set) var ownsLifetime = false
    @Published private(set) var isLoading = true
    @Published private(set) var lastError: String?

    func statusChanged(_ state: EntitlementTaskState<[Product.SubscriptionInfo.Status]>) async {
        switch state {
        case .loading:
            isLoading = true
        case .failure(let error):
            isLoading = false
            lastError = "\(error)"
        case .success(let statuses):
            isLoading = false
            let active = statuses.filter { $0.state == .subscribed || $0.state == .inGracePeriod }
            let verified = active.compactMap { status -> StoreKit.Transaction? in
                guard case .verified(let transaction) = status.transaction else { return nil }
                return transaction
            }
            plusProductID = verified.filter { $0.revocationDate == nil && !$0.isUpgraded }
                .max { ($0.expirationDate ?? .distantPast) < ($1.expirationDate ?? .distantPast) }?.productID
            for status in statuses {
                if case .verified(let transaction) = status.transaction { await transaction.finish() }
            }
        }
    }

    func lifetimeChanged(_ state: EntitlementTaskState<VerificationResult<StoreKit.Transaction>?>) async {
        switch state {
        case .loading, .failure:
            break
        case .success:
            if case .verified(let transaction)? = state.transaction {
                ownsLifetime = transaction.revocationDate == nil
                await transaction.finish()
            } else {
                ownsLifetime = false
            }
        }
    }

    func purchaseCompleted(_ product: Product, _ result: Result<Product.PurchaseResult, any Error>) async {
        switch result {
        case .success(.success(.verified(let transaction))):
            await transaction.finish()
        case .success(.success(.unverified)), .success(.pending), .success(.userCancelled):
            break
        case .failure(let error):
            lastError = "\(error)"
        @unknown default:
            break
        }
    }
}
