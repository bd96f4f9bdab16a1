import PurchaseStateMachine

/// What the app says it grants, in answer to `query`.
public struct ObservedState: Hashable, Sendable {
    /// The product ids the app currently unlocks.
    public var entitled: [String]
    /// Units credited per consumable the app meters (products it does not meter are omitted).
    public var balances: Balances
    /// Optionally, the transactions the app relies on for each entitled product; when
    /// present, `refunded-never-entitled` checks them one by one.
    public var grants: [EntitlementGrant]?
    /// Anything else the app wants shown in reports and passed to custom checks.
    public var extra: JSONValue?

    /// Creates an observed state.
    public init(entitled: [String], balances: Balances = [:], grants: [EntitlementGrant]? = nil, extra: JSONValue? = nil) {
        self.entitled = entitled
        self.balances = balances
        self.grants = grants
        self.extra = extra
    }

    /// The entitled products, sorted and without duplicates.
    public var entitledSorted: [String] { Array(Set(entitled)).sorted() }
}
