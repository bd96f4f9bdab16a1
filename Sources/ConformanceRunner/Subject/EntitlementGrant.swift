import PurchaseStateMachine

/// One transaction an app relies on to unlock one product.
public struct EntitlementGrant: Hashable, Sendable {
    /// The product unlocked.
    public var product: String
    /// The transaction relied on.
    public var transaction: UInt64

    /// Creates a grant.
    public init(product: String, transaction: UInt64) {
        self.product = product
        self.transaction = transaction
    }
}
