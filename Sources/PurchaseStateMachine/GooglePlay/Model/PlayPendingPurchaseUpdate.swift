/// `Purchase.PendingPurchaseUpdate`: the new, still pending purchase that will replace a subscription
/// (a top-up, upgrade or downgrade whose payment is pending, play-billing-semantics §2.3, §3).
public struct PlayPendingPurchaseUpdate: Hashable, Sendable {
    /// `getProducts()` of the new purchase.
    public var products: [String]
    /// `getPurchaseToken()` of the new purchase.
    public var token: String

    /// Creates an update naming the new purchase's products and token.
    public init(products: [String], token: String) {
        self.products = products
        self.token = token
    }

    /// The update as `purchase-subject/1` writes it inside a purchase.
    public var json: JSONValue {
        .object([("products", .array(products.map { .string($0) })), ("purchaseToken", .string(token))])
    }
}

extension PlayPurchase {
    /// The tokens the purchase names: its own, then its pending update's, which a backend must track
    /// too (the new token's completion is what retires this one, §3).
    public var namedTokens: [String] { [token] + (pendingUpdate.map { [$0.token] } ?? []) }
}
