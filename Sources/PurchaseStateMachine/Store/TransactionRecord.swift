/// The store's record of one transaction: the snapshot StoreKit would hand out, plus what
/// only the store knows (catalog index, verification verdict, whether the app finished it).
struct TransactionRecord: Hashable, Sendable {
    var transaction: Transaction
    /// The product's index in the catalog.
    var product: Int
    /// Whether StoreKit verifies this transaction on the device.
    var verified: Bool
    /// Whether the app has called `finish()` since the transaction was last delivered.
    var finished: Bool
    /// Whether the revocation (if any) came from a refund (true) or from Family Sharing (false).
    var revokedByRefund: Bool

    var delivery: Delivery { Delivery(transaction: transaction, verified: verified) }
    var isRevoked: Bool { transaction.revocationDate != nil }
}

/// One subscription status of a group: the customer's own, or the one shared by the family.
struct SubscriptionLine: Hashable, Sendable {
    var ownership: OwnershipType
    var state: RenewalState
    /// The product of the latest transaction.
    var currentProduct: Int
    /// The index (id − 1) of the latest transaction.
    var latest: Int
    var originalID: UInt64
    var willAutoRenew: Bool
    var autoRenewPreference: Int?
    var expirationReason: ExpirationReason?
    var graceEnd: Instant?
    var retryEnd: Instant?
    /// The end of the current period (the latest transaction's expiration date).
    var expiration: Instant
    /// The billing anchor: renewals fall at `anchor + anchorPeriod × n`.
    var anchor: Instant
    var anchorPeriod: ISODuration
    var periodsSinceAnchor: Int
    /// Introductory pay-as-you-go periods still to come.
    var introPeriodsLeft: Int
    /// Whether the current period is an introductory-offer period.
    var inOfferPeriod: Bool
    /// Whether a refund during billing trouble left retry running (§18.5 variation).
    var retryAfterRefund: Bool

    var isActive: Bool { state == .subscribed || state == .inGracePeriod || state == .inBillingRetryPeriod }
}

/// What the store keeps per subscription group.
struct GroupState: Hashable, Sendable {
    var own: SubscriptionLine?
    var shared: SubscriptionLine?
    /// Whether the customer has used an introductory offer in this group.
    var introUsed = false
}

/// An Ask to Buy request waiting for a parent.
public struct PendingRequest: Hashable, Sendable {
    /// The purchase the child asked for.
    public var purchase: Purchase
    /// When it was asked.
    public var requestedAt: Instant
}
