/// A transaction as StoreKit 2 shows it to an app, with StoreKit's field names.
///
/// Values are snapshots: a refund delivers the same `id` again with `revocationDate` set.
public struct Transaction: Hashable, Sendable {
    /// The transaction's unique identifier; the model numbers them 1, 2, 3 … in creation order.
    public var id: UInt64
    /// The first transaction of the subscription (equal to `id` for a first purchase).
    public var originalID: UInt64
    /// The product bought.
    public var productID: String
    /// The product's type.
    public var productType: ProductType
    /// When the App Store charged for it (or granted it, for Family Sharing).
    public var purchaseDate: Instant
    /// When the original transaction of the subscription was bought.
    public var originalPurchaseDate: Instant
    /// When the subscription period ends (auto-renewables; non-renewing by store variation).
    public var expirationDate: Instant?
    /// When the App Store refunded it or withdrew it from Family Sharing.
    public var revocationDate: Instant?
    /// Why it was revoked, when it was.
    public var revocationReason: RevocationReason?
    /// Whether the customer upgraded from this subscription to a higher level.
    public var isUpgraded: Bool
    /// Whether the customer bought it or a family member shares it.
    public var ownershipType: OwnershipType
    /// The offer it used, if any.
    public var offerType: OfferType?
    /// The UUID string the app passed with the purchase, if any.
    public var appAccountToken: String?
    /// The subscription group, for auto-renewables.
    public var subscriptionGroupID: String?
    /// How many items of a consumable were bought.
    public var purchasedQuantity: Int
    /// Whether the customer bought it or the App Store renewed it.
    public var reason: TransactionReason
    /// When the App Store signed this snapshot.
    public var signedDate: Instant

    /// Creates a transaction snapshot.
    public init(
        id: UInt64, originalID: UInt64, productID: String, productType: ProductType,
        purchaseDate: Instant, originalPurchaseDate: Instant, expirationDate: Instant? = nil,
        revocationDate: Instant? = nil, revocationReason: RevocationReason? = nil, isUpgraded: Bool = false,
        ownershipType: OwnershipType = .purchased, offerType: OfferType? = nil, appAccountToken: String? = nil,
        subscriptionGroupID: String? = nil, purchasedQuantity: Int = 1, reason: TransactionReason = .purchase,
        signedDate: Instant
    ) {
        self.id = id
        self.originalID = originalID
        self.productID = productID
        self.productType = productType
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.ownershipType = ownershipType
        self.offerType = offerType
        self.appAccountToken = appAccountToken
        self.subscriptionGroupID = subscriptionGroupID
        self.purchasedQuantity = purchasedQuantity
        self.reason = reason
        self.signedDate = signedDate
    }
}

/// A transaction handed to the app together with StoreKit's verification verdict.
public struct Delivery: Hashable, Sendable {
    /// The transaction snapshot.
    public var transaction: Transaction
    /// False when StoreKit's automatic verification failed (`VerificationResult.unverified`).
    public var verified: Bool

    /// Creates a delivery.
    public init(transaction: Transaction, verified: Bool) {
        self.transaction = transaction
        self.verified = verified
    }
}

/// Renewal information of a subscription status (StoreKit's `RenewalInfo`).
public struct RenewalInfo: Hashable, Sendable {
    /// Whether the subscription renews at the end of the current period.
    public var willAutoRenew: Bool
    /// The product that renews next, or nil when it will not renew.
    public var autoRenewPreference: String?
    /// Why the subscription expired, or nil while it is active.
    public var expirationReason: ExpirationReason?
    /// When billing grace ends, while the subscription is in its grace period.
    public var gracePeriodExpirationDate: Instant?
    /// Whether the App Store is retrying to bill (true throughout grace, too).
    public var isInBillingRetry: Bool

    /// Creates renewal information.
    public init(
        willAutoRenew: Bool, autoRenewPreference: String?, expirationReason: ExpirationReason?,
        gracePeriodExpirationDate: Instant?, isInBillingRetry: Bool
    ) {
        self.willAutoRenew = willAutoRenew
        self.autoRenewPreference = autoRenewPreference
        self.expirationReason = expirationReason
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
        self.isInBillingRetry = isInBillingRetry
    }
}

/// One subscription status of a group (StoreKit's `Product.SubscriptionInfo.Status`).
public struct SubscriptionStatus: Hashable, Sendable {
    /// The renewal state of this status.
    public var state: RenewalState
    /// The latest transaction of this status.
    public var transactionID: UInt64
    /// What renews next, and why it expired if it did.
    public var renewalInfo: RenewalInfo
    /// Whether this status is the customer's own or shared through Family Sharing.
    public var ownershipType: OwnershipType

    /// Creates a status.
    public init(state: RenewalState, transactionID: UInt64, renewalInfo: RenewalInfo, ownershipType: OwnershipType) {
        self.state = state
        self.transactionID = transactionID
        self.renewalInfo = renewalInfo
        self.ownershipType = ownershipType
    }
}

/// The statuses of one subscription group; Family Sharing can make the list longer than one.
public struct GroupStatuses: Hashable, Sendable {
    /// The subscription group identifier.
    public var group: String
    /// The customer's own status and any shared one.
    public var statuses: [SubscriptionStatus]

    /// Creates the statuses of `group`.
    public init(group: String, statuses: [SubscriptionStatus]) {
        self.group = group
        self.statuses = statuses
    }
}
