import ConformanceRunner
import PurchaseStateMachine

/// The purchases a test app has been told are PURCHASED, by token: what it grants from memory.
struct KnownPurchases {
    private var products: [String: [String]] = [:]

    /// Records the PURCHASED ones of `purchases`; returns the acknowledgements they still need.
    mutating func take(_ purchases: [PlayPurchase]) -> [PlayReply] {
        for p in purchases where p.state == .purchased { products[p.token] = p.products }
        return purchases.filter { $0.state == .purchased && !$0.acknowledged }.map { .acknowledge(token: $0.token) }
    }

    /// Stops granting `token`'s products.
    mutating func forget(_ token: String) { products[token] = nil }

    /// The products of every recorded token, sorted, as the app reports them.
    var observed: ObservedState {
        ObservedState(entitled: products.keys.sorted().flatMap { products[$0] ?? [] }.sorted())
    }
}
