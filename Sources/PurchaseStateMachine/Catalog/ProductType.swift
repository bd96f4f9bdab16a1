/// The four kinds of in-app purchase, with StoreKit 2's names.
public enum ProductType: String, Hashable, Sendable, CaseIterable {
    case consumable
    case nonConsumable
    case nonRenewable
    case autoRenewable
}

/// How an introductory offer is paid for.
public enum OfferPaymentMode: String, Hashable, Sendable, CaseIterable {
    case freeTrial
    case payAsYouGo
    case payUpFront
}

/// An introductory offer on an auto-renewable subscription: `periods` periods of `duration`.
///
/// A free trial or pay-up-front offer is one transaction lasting `duration × periods`;
/// pay-as-you-go gives `periods` transactions of `duration` each, every one marked with the
/// introductory offer, before the regular period takes over.
public struct IntroductoryOffer: Hashable, Sendable {
    /// How the offer is paid for.
    public var mode: OfferPaymentMode
    /// The length of one offer period.
    public var duration: ISODuration
    /// How many offer periods there are.
    public var periods: Int

    /// Creates an offer of `periods` periods of `duration`.
    public init(mode: OfferPaymentMode, duration: ISODuration, periods: Int = 1) {
        self.mode = mode
        self.duration = duration
        self.periods = periods
    }
}

/// The subscription part of an auto-renewable product.
public struct AutoRenewableSubscription: Hashable, Sendable {
    /// The subscription group's identifier (StoreKit's `subscriptionGroupID`).
    public var group: String
    /// The service level: 1 is the highest.
    public var level: Int
    /// The regular billing period.
    public var period: ISODuration
    /// The introductory offer, when the product has one.
    public var introductoryOffer: IntroductoryOffer?
    /// The kinds of offer a purchase may name (promotional, offer code, win-back), when the
    /// catalog says; nil when it does not, and then any of them is accepted.
    public var offers: [PurchaseOffer]?

    /// Creates the subscription details of a product; `offers` lists the offers it has
    /// (nil: not stated, any accepted).
    public init(
        group: String, level: Int, period: ISODuration, introductoryOffer: IntroductoryOffer? = nil, offers: [PurchaseOffer]? = nil
    ) {
        self.group = group
        self.level = level
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.offers = offers.map { listed in PurchaseOffer.allCases.filter { listed.contains($0) } }
    }

    /// Whether the period is a weekly one, which gets the short billing grace lengths.
    public var isWeekly: Bool { period.totalMonths == 0 && period.exactSeconds <= 7 * 86_400 }
}

/// What kind of product this is, with the facts that kind needs.
public enum ProductKind: Hashable, Sendable {
    /// A consumable that grants `grant` units (coins, credits) per item bought.
    case consumable(grant: Int)
    /// A one-time purchase that stays owned until refunded.
    case nonConsumable
    /// A subscription the app times itself: active for `duration` from its purchase.
    case nonRenewable(duration: ISODuration)
    /// A subscription the App Store renews.
    case autoRenewable(AutoRenewableSubscription)

    /// The StoreKit product type of this kind.
    public var type: ProductType {
        switch self {
        case .consumable: return .consumable
        case .nonConsumable: return .nonConsumable
        case .nonRenewable: return .nonRenewable
        case .autoRenewable: return .autoRenewable
        }
    }
}

/// One product of the catalog.
public struct Product: Hashable, Sendable {
    /// The product identifier, as in App Store Connect.
    public var id: String
    /// What kind of product this is.
    public var kind: ProductKind
    /// Whether Family Sharing is enabled for it (non-consumables and auto-renewables only).
    public var familyShareable: Bool
    /// The price as the store shows it, when known (for example from a `.storekit` file).
    public var displayPrice: String?

    /// Creates a product.
    public init(id: String, kind: ProductKind, familyShareable: Bool = false, displayPrice: String? = nil) {
        self.id = id
        self.kind = kind
        self.familyShareable = familyShareable
        self.displayPrice = displayPrice
    }

    /// The StoreKit product type.
    public var type: ProductType { kind.type }

    /// The subscription details, for auto-renewable products.
    public var subscription: AutoRenewableSubscription? {
        if case .autoRenewable(let s) = kind { return s }
        return nil
    }
}
