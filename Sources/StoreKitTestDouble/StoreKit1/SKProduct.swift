import Foundation

/// A product as StoreKit 1 describes it (`SKProduct`), made from the mirror's `Product`.
open class SKProduct: NSObject, @unchecked Sendable {
    let product: Product

    init(_ product: Product) { self.product = product }

    /// The product identifier.
    open var productIdentifier: String { product.id }
    /// The localized name (the product id in the simulation).
    open var localizedTitle: String { product.displayName }
    /// The localized description (empty in the simulation).
    open var localizedDescription: String { product.description }
    /// The price in `priceLocale`'s currency.
    open var price: NSDecimalNumber { NSDecimalNumber(decimal: product.price) }
    /// The locale whose currency the price is in (deterministic, from the display price).
    open var priceLocale: Locale {
        let (code, locale) = Product.currency(of: product.displayPrice)
        return Locale(identifier: "\(locale)@currency=\(code)")
    }
    /// The billing period, for auto-renewable subscriptions.
    open var subscriptionPeriod: SKProductSubscriptionPeriod? {
        product.subscription.map { SKProductSubscriptionPeriod($0.subscriptionPeriod) }
    }
    /// The introductory offer, if any.
    open var introductoryPrice: SKProductDiscount? {
        product.subscription?.introductoryOffer.map { SKProductDiscount($0, locale: priceLocale) }
    }
    /// Promotional offers (none in the simulation's catalogs).
    open var discounts: [SKProductDiscount] { [] }
    /// The subscription group, for auto-renewable subscriptions.
    open var subscriptionGroupIdentifier: String? { product.subscription?.subscriptionGroupID }
    /// Whether Family Sharing is enabled.
    open var isFamilyShareable: Bool { product.isFamilyShareable }
    /// Whether the product has hosted content (never).
    open var isDownloadable: Bool { false }
    /// The hosted content's version (none).
    open var contentVersion: String { "" }

    /// The calendar units of a period.
    public enum PeriodUnit: UInt, Sendable {
        /// Days.
        case day = 0
        /// Weeks.
        case week = 1
        /// Months.
        case month = 2
        /// Years.
        case year = 3
    }
}

/// A subscription's billing period in StoreKit 1 (`SKProductSubscriptionPeriod`).
open class SKProductSubscriptionPeriod: NSObject, @unchecked Sendable {
    /// How many units.
    public let numberOfUnits: Int
    /// The unit.
    public let unit: SKProduct.PeriodUnit

    init(_ period: Product.SubscriptionPeriod) {
        numberOfUnits = period.value
        switch period.unit {
        case .day: unit = .day
        case .week: unit = .week
        case .month: unit = .month
        case .year: unit = .year
        }
    }
}

/// An introductory or promotional price in StoreKit 1 (`SKProductDiscount`).
open class SKProductDiscount: NSObject, @unchecked Sendable {
    /// The price per period.
    public let price: NSDecimalNumber
    /// The locale of the price's currency.
    public let priceLocale: Locale
    /// The offer's identifier (nil for introductory offers).
    public let identifier: String?
    /// The length of one period.
    public let subscriptionPeriod: SKProductSubscriptionPeriod
    /// How many periods the offer lasts.
    public let numberOfPeriods: Int
    /// How the customer pays.
    public let paymentMode: PaymentMode
    /// Introductory or promotional.
    public let type: Type

    init(_ offer: Product.SubscriptionOffer, locale: Locale) {
        price = NSDecimalNumber(decimal: offer.price)
        priceLocale = locale
        identifier = offer.id
        subscriptionPeriod = SKProductSubscriptionPeriod(offer.period)
        numberOfPeriods = offer.periodCount
        switch offer.paymentMode {
        case .freeTrial: paymentMode = .freeTrial
        case .payUpFront: paymentMode = .payUpFront
        default: paymentMode = .payAsYouGo
        }
        type = .introductory
    }

    /// How the customer pays for an offer.
    public enum PaymentMode: UInt, Sendable {
        /// A reduced price each period.
        case payAsYouGo = 0
        /// A reduced price paid once.
        case payUpFront = 1
        /// Free.
        case freeTrial = 2
    }

    /// The kind of offer.
    public enum `Type`: UInt, Sendable {
        /// An introductory offer.
        case introductory = 0
        /// A promotional offer.
        case subscription = 1
    }
}
