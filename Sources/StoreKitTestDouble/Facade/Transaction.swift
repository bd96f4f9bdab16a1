import Foundation

/// A purchase, renewal or restore as the App Store reports it (StoreKit 2's `Transaction`).
///
/// Values come from the history being run; field names and types are StoreKit's. A refund
/// delivers the same `id` again with `revocationDate` set.
public struct Transaction: Identifiable, Hashable, Sendable {
    /// The transaction's unique identifier.
    public let id: UInt64
    /// The identifier of the original purchase (a renewal's first transaction).
    public let originalID: UInt64
    /// The product identifier.
    public let productID: String
    /// The type of the product.
    public let productType: Product.ProductType
    /// When the App Store charged for it.
    public let purchaseDate: Date
    /// When the original transaction was purchased.
    public let originalPurchaseDate: Date
    /// When the subscription period expires, for subscriptions.
    public let expirationDate: Date?
    /// When the App Store refunded or revoked it.
    public let revocationDate: Date?
    /// Why it was refunded or revoked.
    public let revocationReason: Transaction.RevocationReason?
    /// Whether the customer upgraded from this subscription to a higher level.
    public let isUpgraded: Bool
    /// Whether the customer bought it or a family member shares it.
    public let ownershipType: Transaction.OwnershipType
    /// The offer the purchase used, if any.
    public let offerType: Transaction.OfferType?
    /// The UUID the purchase carried in `Product.PurchaseOption.appAccountToken`, as the history says.
    public let appAccountToken: UUID?
    /// The subscription group, for auto-renewable subscriptions.
    public let subscriptionGroupID: String?
    /// How many items of a consumable were bought.
    public let purchasedQuantity: Int
    /// Why the transaction exists: a purchase or a renewal.
    public let reason: Transaction.Reason
    /// When the App Store signed this transaction.
    public let signedDate: Date
    /// The server environment that signed it (always `.xcode` in the simulation).
    public let environment: AppStore.Environment
    /// What the customer paid (the catalog's price times the quantity), when known.
    public let price: Decimal?
    /// The currency of `price`, when known.
    public let currency: Locale.Currency?

    /// Creates a transaction value; the simulation makes them from the history's transactions.
    public init(
        id: UInt64, originalID: UInt64, productID: String, productType: Product.ProductType, purchaseDate: Date,
        originalPurchaseDate: Date, expirationDate: Date? = nil, revocationDate: Date? = nil,
        revocationReason: Transaction.RevocationReason? = nil, isUpgraded: Bool = false,
        ownershipType: Transaction.OwnershipType = .purchased, offerType: Transaction.OfferType? = nil,
        appAccountToken: UUID? = nil, subscriptionGroupID: String? = nil, purchasedQuantity: Int = 1,
        reason: Transaction.Reason = .purchase, signedDate: Date, environment: AppStore.Environment = .xcode,
        price: Decimal? = nil, currency: Locale.Currency? = nil
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
        self.environment = environment
        self.price = price
        self.currency = currency
    }

    /// Tells the App Store the app delivered the content: the transaction leaves `unfinished`.
    ///
    /// The simulation reports the id to the runner as finished while handling the current
    /// message. Finishing does nothing once the app has been terminated.
    public func finish() async {
        StoreSession.current?.finish(id)
    }

    /// The transactions the App Store emits while the app runs: renewals, refunds, approvals,
    /// purchases on other devices — and, once, the unfinished transactions at launch.
    ///
    /// Each iteration (each `for await`) receives every element emitted after it started;
    /// elements emitted while no iteration is waiting are lost for this launch (they stay
    /// unfinished, so the next launch delivers them again).
    public static var updates: Transaction.Transactions { Transactions(source: .updates) }

    /// The latest transaction of each product the customer is entitled to, now.
    public static var currentEntitlements: Transaction.Transactions {
        Transactions(source: .entitlements(productID: nil))
    }

    /// The transactions the app has not finished yet.
    public static var unfinished: Transaction.Transactions { Transactions(source: .unfinished) }

    /// The customer's transaction history.
    public static var all: Transaction.Transactions { Transactions(source: .all) }

    /// The current entitlements for one product (at most one transaction for a non-subscription).
    public static func currentEntitlements(for productID: String) -> Transaction.Transactions {
        Transactions(source: .entitlements(productID: productID))
    }

    /// The current entitlement for one product, if any (deprecated in StoreKit; kept for older code).
    ///
    /// When the model lists more than one (a refund reversed after a new purchase), the most
    /// recent verified one, else the most recent.
    public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
        let all = StoreSession.current?.snapshot(.entitlements(productID: productID)) ?? []
        let verified = all.filter { if case .verified = $0 { true } else { false } }
        return (verified.isEmpty ? all : verified).max {
            ($0.unsafePayloadValue.purchaseDate, $0.unsafePayloadValue.id)
                < ($1.unsafePayloadValue.purchaseDate, $1.unsafePayloadValue.id)
        }
    }

    /// The most recent transaction for a product, or nil when the customer never bought it.
    public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
        StoreSession.current?.latest(for: productID)
    }
}
