/// The products an app sells on Google Play: one-time products and subscriptions with base plans.
///
/// Play has no consumable flag and no subscription groups (play-billing-semantics §1, §7):
/// whether a one-time product is consumed is the app's decision (`PlayPolicy`), and tiers are
/// the app's notion. Ids are unique across one-time products, subscriptions and base plans, so
/// an event can name a base plan alone (`purchase(pro-monthly)`).
public struct PlayCatalog: Hashable, Sendable {
    /// One-time products (`ProductType.INAPP`), in catalog order.
    public var oneTime: [PlayOneTimeProduct]
    /// Subscription products (`ProductType.SUBS`), in catalog order.
    public var subscriptions: [PlaySubscription]
    /// Whether the customer is a license tester, whose purchases run on Google's accelerated test
    /// clock (`PlayLicenseTestTimes`, §11); false by default.
    public var licenseTesting: Bool

    /// Creates a catalog.
    public init(oneTime: [PlayOneTimeProduct] = [], subscriptions: [PlaySubscription] = [], licenseTesting: Bool = false) {
        self.oneTime = oneTime
        self.subscriptions = subscriptions
        self.licenseTesting = licenseTesting
    }

    /// Every id a customer can buy: one-time products, then base plans, in catalog order.
    public var purchasableIDs: [String] {
        oneTime.map(\.id) + subscriptions.flatMap { $0.basePlans.map(\.id) }
    }

    /// What `id` names: a one-time product or a base plan (with its subscription).
    public func item(_ id: String) -> PlayItem? {
        if let product = oneTime.first(where: { $0.id == id }) { return .oneTime(product) }
        for subscription in subscriptions {
            if let plan = subscription.basePlans.first(where: { $0.id == id }) {
                return .basePlan(plan, subscription: subscription.id)
            }
        }
        return nil
    }

    /// The subscription product that owns base plan `id`.
    public func subscription(ofPlan id: String) -> String? {
        subscriptions.first { $0.basePlans.contains { $0.id == id } }?.id
    }

    /// The base plan named `id`.
    public func basePlan(_ id: String) -> PlayBasePlan? {
        for subscription in subscriptions { if let p = subscription.basePlans.first(where: { $0.id == id }) { return p } }
        return nil
    }

    /// The catalogue of the semantics contract's examples (§0.3).
    public static let example = PlayCatalog(
        oneTime: [PlayOneTimeProduct(id: "coins100"), PlayOneTimeProduct(id: "lifetime")],
        subscriptions: [
            PlaySubscription(
                id: "pro",
                basePlans: [
                    PlayBasePlan(id: "pro-monthly", kind: .autoRenewing, period: ISODuration(months: 1), freeTrial: .days(7)),
                    PlayBasePlan(id: "pro-yearly", kind: .autoRenewing, period: ISODuration(years: 1)),
                    PlayBasePlan(id: "pro-pass30", kind: .prepaid, period: .days(30)),
                    PlayBasePlan(id: "pro-installments", kind: .installments, period: ISODuration(months: 1), commitmentPayments: 3),
                ]),
            PlaySubscription(
                id: "basic", basePlans: [PlayBasePlan(id: "basic-monthly", kind: .autoRenewing, period: ISODuration(months: 1))]),
        ])
}

/// A one-time product (§1).
public struct PlayOneTimeProduct: Hashable, Sendable {
    /// The product id.
    public var id: String
    /// Whether the console allows buying several units in one purchase (§5, multi-quantity).
    public var multiQuantity: Bool
    /// The release time of a product offered for pre-order: bought before it, a purchase stays
    /// `PENDING` until then and becomes `PURCHASED` with no action of the customer (§1).
    public var preorderRelease: Instant?
    /// The purchase options the console defines (PBL 8, §1); empty for a product sold one way,
    /// whose purchases name no option.
    public var purchaseOptions: [PlayPurchaseOption]

    /// Creates a one-time product; multi-quantity is on by default, it is no pre-order, and it is
    /// sold one way.
    public init(id: String, multiQuantity: Bool = true, preorderRelease: Instant? = nil, purchaseOptions: [PlayPurchaseOption] = []) {
        self.id = id
        self.multiQuantity = multiQuantity
        self.preorderRelease = preorderRelease
        self.purchaseOptions = purchaseOptions
    }
}

/// A subscription product and its base plans (§1).
public struct PlaySubscription: Hashable, Sendable {
    /// The subscription product id, what `Purchase.getProducts()` names and apps grant.
    public var id: String
    /// The base plans.
    public var basePlans: [PlayBasePlan]

    /// Creates a subscription.
    public init(id: String, basePlans: [PlayBasePlan]) {
        self.id = id
        self.basePlans = basePlans
    }
}

/// A base plan: a billing period and a renewal type, optionally with a free-trial offer (§1).
public struct PlayBasePlan: Hashable, Sendable {
    /// Auto-renewing, prepaid or installments (§1).
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Renews at the end of each period until canceled.
        case autoRenewing
        /// Never renews; runs out at its expiry unless topped up.
        case prepaid
        /// Paid in monthly installments over a commitment; a cancellation waits for its end (§1, V-INSTALLMENTS).
        case installments
    }

    /// The base plan id.
    public var id: String
    /// Auto-renewing or prepaid.
    public var kind: Kind
    /// The billing period.
    public var period: ISODuration
    /// The free trial of the plan's offer, when it has one (a phase priced 0, §1).
    public var freeTrial: ISODuration?
    /// For an installment plan: the payments (one per period) the customer commits to (§1).
    public var commitmentPayments: Int?

    /// Creates a base plan.
    public init(id: String, kind: Kind, period: ISODuration, freeTrial: ISODuration? = nil, commitmentPayments: Int? = nil) {
        self.id = id
        self.kind = kind
        self.period = period
        self.freeTrial = freeTrial
        self.commitmentPayments = commitmentPayments
    }
}

/// What a purchasable id names.
public enum PlayItem: Hashable, Sendable {
    /// A one-time product.
    case oneTime(PlayOneTimeProduct)
    /// A base plan of subscription `subscription`.
    case basePlan(PlayBasePlan, subscription: String)
}
