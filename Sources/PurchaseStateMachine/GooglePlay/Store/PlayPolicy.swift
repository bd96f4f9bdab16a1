/// What the app decides where Play leaves it to the app (play-billing-semantics §1).
public struct PlayPolicy: Hashable, Sendable {
    /// One-time products the app sells as consumables: it consumes them and credits their quantity.
    /// Every other one-time product is permanent and must never be consumed (B4).
    public var consumables: [String]

    /// Creates a policy.
    public init(consumables: [String] = []) { self.consumables = consumables.sorted() }

    /// Whether the app consumes `product`.
    public func isConsumable(_ product: String) -> Bool { consumables.contains(product) }

    /// The policy of the semantics contract's examples: `coins100` is consumable (§0.3).
    public static let example = PlayPolicy(consumables: ["coins100"])
}
