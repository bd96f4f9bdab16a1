/// Runs an app's closures for StoreKit's SwiftUI modifiers the way the modifiers do, without
/// SwiftUI: an adapter starts them in `launch` (the view appears) and keeps them with the store.
///
/// ```swift
/// // The app's view:  .subscriptionStatusTask(for: "plus") { state in await model.update(state) }
/// // The adapter:     model.keep(StoreKitViewTasks.subscriptionStatusTask(for: "plus") { state in await model.update(state) })
/// ```
///
/// The closures run on the main actor, as in a view. Tasks end when the app is terminated.
public enum StoreKitViewTasks {
    /// `.subscriptionStatusTask(for:priority:action:)`: `.loading`, then the group's statuses,
    /// then the statuses again each time `Status.updates` reports a change in the group.
    @discardableResult
    public static func subscriptionStatusTask(
        for groupID: String, priority: TaskPriority = .medium,
        action: @escaping @MainActor (EntitlementTaskState<[Product.SubscriptionInfo.Status]>) async -> Void
    ) -> Task<Void, Never> {
        Task(priority: priority) { @MainActor in
            let updates = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
            await action(.loading)
            await action(await statuses(of: groupID))
            var iterator = updates
            while let status = await iterator.next() {
                guard status.transaction.unsafePayloadValue.subscriptionGroupID == groupID else { continue }
                await action(await statuses(of: groupID))
            }
        }
    }

    /// `.currentEntitlementTask(for:priority:action:)`: `.loading`, then the product's current
    /// entitlement (nil: none), then again each time it changes (a purchase answered, an update,
    /// a sync, time passing).
    @discardableResult
    public static func currentEntitlementTask(
        for productID: String, priority: TaskPriority = .medium,
        action: @escaping @MainActor (EntitlementTaskState<VerificationResult<Transaction>?>) async -> Void
    ) -> Task<Void, Never> {
        Task(priority: priority) { @MainActor in
            guard let changes = StoreSession.current?.changes() else { return }
            await action(.loading)
            var shown = await Transaction.currentEntitlement(for: productID)
            await action(.success(shown))
            while await changes.next() != nil {
                let now = await Transaction.currentEntitlement(for: productID)
                guard now != shown else { continue }
                shown = now
                await action(.success(now))
            }
        }
    }

    /// `@Environment(\.purchase)` under `.onInAppPurchaseStart` and `.onInAppPurchaseCompletion`:
    /// runs `onStart`, buys, then hands `onCompletion` the result (or the error, rethrown after).
    public static func purchaseAction(
        onStart: (@MainActor @Sendable (Product) async -> Void)? = nil,
        onCompletion: (@MainActor @Sendable (Product, Result<Product.PurchaseResult, any Error>) async -> Void)? = nil
    ) -> PurchaseAction {
        PurchaseAction { product, options in
            await onStart?(product)
            let result: Result<Product.PurchaseResult, any Error>
            do {
                result = .success(try await product.purchase(options: options))
            } catch {
                result = .failure(error)
            }
            await onCompletion?(product, result)
            return try result.get()
        }
    }

    private static func statuses(of groupID: String) async -> EntitlementTaskState<[Product.SubscriptionInfo.Status]> {
        do {
            return .success(try await Product.SubscriptionInfo.status(for: groupID))
        } catch {
            return .failure(error)
        }
    }
}
