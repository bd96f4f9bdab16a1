import Foundation

/// An in-app purchase product as the App Store describes it (StoreKit 2's `Product`).
///
/// Products come from the history's catalog. The catalog carries no names or descriptions, so
/// `displayName` is the product id and `description` is empty; `displayPrice` is the catalog's
/// price when it has one, otherwise a fixed price per product type.
public struct Product: Identifiable, Hashable, Sendable {
    /// The product identifier.
    public let id: String
    /// The type of the product.
    public let type: Product.ProductType
    /// The localized name (the product id in the simulation).
    public let displayName: String
    /// The localized description (empty in the simulation).
    public let description: String
    /// The localized price, with currency.
    public let displayPrice: String
    /// The price in currency units.
    public let price: Decimal
    /// Whether Family Sharing is enabled for the product.
    public let isFamilyShareable: Bool
    /// The subscription details, for auto-renewable subscriptions.
    public let subscription: Product.SubscriptionInfo?

    /// Creates a product value; the simulation makes them from the history's catalog.
    public init(
        id: String, type: Product.ProductType, displayName: String, description: String = "", displayPrice: String,
        price: Decimal, isFamilyShareable: Bool = false, subscription: Product.SubscriptionInfo? = nil
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.displayPrice = displayPrice
        self.price = price
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
    }

    /// Loads the products with the given identifiers, in the catalog's order (StoreKit's order is
    /// unspecified; this one does not depend on hashing); unknown identifiers are left out.
    ///
    /// Suspends until the simulated App Store answers: other work may run meanwhile, in an order
    /// the scheduler chooses.
    public static func products(for identifiers: some Collection<String>) async throws -> [Product] {
        guard let session = StoreSession.current else { throw StoreKitError.unknown }
        let ids = Array(identifiers)
        try await session.roundTrip("products(for: \(ids.count) ids)")
        return session.products(for: ids)
    }

    /// Buys the product; the outcome is the one the history's purchase event says.
    ///
    /// While the runner delivers a `purchaseResult` for this product, the first call gets that
    /// result; any other call is answered `.userCancelled` (the customer dismisses sheets the
    /// history did not plan). A `failed` purchase throws `StoreKitError.unknown`. Options are
    /// recorded but do not change the transaction: the history decides its fields.
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        guard let session = StoreSession.current else { throw StoreKitError.unknown }
        let (answer, planned) = session.answerPurchase(of: id, options: options)
        try await session.roundTrip("purchase(\(id))", reveals: planned)
        switch answer {
        case .result(let result): return result
        case .failure: throw StoreKitError.unknown
        }
    }

    /// The most recent transaction for this product, or nil.
    public var latestTransaction: VerificationResult<Transaction>? {
        get async { await Transaction.latest(for: id) }
    }

    /// The current entitlement for this product, or nil (deprecated in StoreKit).
    public var currentEntitlement: VerificationResult<Transaction>? {
        get async { await Transaction.currentEntitlement(for: id) }
    }

    /// The kinds of in-app purchase.
    public struct ProductType: RawRepresentable, Hashable, Sendable {
        /// The type's name.
        public let rawValue: String
        /// Creates a product type from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A consumable.
        public static let consumable = ProductType(rawValue: "Consumable")
        /// A non-consumable.
        public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
        /// A non-renewing subscription.
        public static let nonRenewable = ProductType(rawValue: "Non-Renewable")
        /// An auto-renewable subscription.
        public static let autoRenewable = ProductType(rawValue: "Auto-Renewable")
    }
}
