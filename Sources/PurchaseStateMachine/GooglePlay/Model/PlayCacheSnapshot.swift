/// What the Play Store app's purchase cache held after one event: the answer `queryPurchasesAsync`
/// gave from it and each token's view then (§2.4, V-CLIENT-CACHE-LAG).
public struct PlayCacheSnapshot: Hashable, Sendable {
    /// How many events had been applied when the cache held this.
    public var version: Int
    /// The purchases a query answered from it.
    public var purchases: [PlayPurchase]
    /// Each token's view then, `#1` first; tokens created later are missing.
    public var views: [PlayTokenView]
}
