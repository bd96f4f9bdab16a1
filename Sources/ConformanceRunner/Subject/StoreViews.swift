import PurchaseStateMachine

/// What an app reads from StoreKit: `currentEntitlements`, `unfinished`, subscription statuses.
///
/// Computed on first use from a snapshot of the store, so a subject that never looks pays nothing.
public struct StoreViews: Sendable {
    let model: StoreModel

    /// Wraps a snapshot of `model`.
    public init(model: StoreModel) { self.model = model }

    /// `Transaction.currentEntitlements`.
    public var currentEntitlements: [Delivery] { model.currentEntitlements }
    /// `Transaction.unfinished`.
    public var unfinished: [Delivery] { model.unfinishedDeliveries }
    /// `Transaction.all`.
    public var all: [Delivery] { model.allTransactions }
    /// `Product.SubscriptionInfo.status`, per subscription group that ever had a subscription.
    public var statuses: [GroupStatuses] { model.statuses }
    /// `Transaction.latest(for:)`.
    public func latest(for productID: String) -> Delivery? { model.latestTransaction(for: productID) }
    /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
    public func isEligibleForIntroOffer(group: String) -> Bool { model.isEligibleForIntroOffer(group: group) }
    /// The legacy `verifyReceipt` answer for the customer now (§9.1), for receipt-era code.
    public var legacyReceipt: JSONValue { model.legacyReceipt() }
    /// The catalog, as `Product.products(for:)` would load it.
    public var catalog: Catalog { model.catalog }
}
