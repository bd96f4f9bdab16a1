/// The purchase action a view reads from `@Environment(\.purchase)` (StoreKit's SwiftUI
/// `PurchaseAction`): calling it buys a product and runs the view hierarchy's
/// `onInAppPurchaseStart` and `onInAppPurchaseCompletion` closures around the purchase.
///
/// `StoreKitViewTasks.purchaseAction(onStart:onCompletion:)` makes one from the app's own
/// closures, so an adapter's `buy` can call it as the view would.
public struct PurchaseAction: Sendable {
    private let perform: @Sendable (Product, Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult

    /// An action that buys with `perform`.
    public init(
        _ perform: @escaping @Sendable (Product, Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult
    ) {
        self.perform = perform
    }

    /// Buys `product` with `options`; the result is the history's.
    @discardableResult
    public func callAsFunction(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws
        -> Product.PurchaseResult
    {
        try await perform(product, options)
    }
}
