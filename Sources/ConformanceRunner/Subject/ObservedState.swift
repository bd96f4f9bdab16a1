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

/// What an app-level action answered: the transactions finished while handling it, and a result.
public struct ActionOutcome: Hashable, Sendable {
    /// Transactions finished while handling the action.
    public var finished: [UInt64]
    /// The action's own result (for example whether a metered feature was allowed).
    public var result: JSONValue?

    /// Creates an outcome.
    public init(finished: [UInt64] = [], result: JSONValue? = nil) {
        self.finished = finished
        self.result = result
    }
}

/// The optional server channels a subject can ask for (`purchase-subject/1` "wants").
public struct ServerChannels: OptionSet, Hashable, Sendable {
    /// The channels as bits.
    public let rawValue: Int
    /// Wraps channel bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// App Store Server Notifications V2.
    public static let notifications = ServerChannels(rawValue: 1)
    /// The legacy `verifyReceipt` answer with every tick.
    public static let receipts = ServerChannels(rawValue: 2)
    /// A tick at every UTC midnight an `advanceTime` crosses.
    public static let ticks = ServerChannels(rawValue: 4)
}

/// A failure the subject reports about itself (`{"type":"error"}`), or a fault in talking to it.
public struct SubjectError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String
    /// Creates an error with `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
