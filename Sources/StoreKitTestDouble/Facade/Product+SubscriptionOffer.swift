import Foundation

extension Product {
    /// A subscription's billing period: `value` `unit`s.
    public struct SubscriptionPeriod: Hashable, Sendable {
        /// The number of units.
        public let value: Int
        /// The unit.
        public let unit: Unit

        /// Creates a period.
        public init(value: Int, unit: Unit) {
            self.value = value
            self.unit = unit
        }

        /// A calendar unit of a period.
        public enum Unit: Hashable, Sendable {
            /// Days.
            case day
            /// Weeks.
            case week
            /// Months.
            case month
            /// Years.
            case year
        }
    }

    /// A subscription offer (the simulation's catalogs have introductory offers only).
    public struct SubscriptionOffer: Hashable, Sendable {
        /// The offer's identifier (nil for introductory offers).
        public let id: String?
        /// The kind of offer.
        public let type: OfferType
        /// The price per period.
        public let price: Decimal
        /// The localized price per period.
        public let displayPrice: String
        /// The length of one offer period.
        public let period: Product.SubscriptionPeriod
        /// How many periods the offer lasts.
        public let periodCount: Int
        /// How the customer pays.
        public let paymentMode: PaymentMode

        /// Creates an offer.
        public init(
            id: String?, type: OfferType, price: Decimal, displayPrice: String, period: Product.SubscriptionPeriod,
            periodCount: Int, paymentMode: PaymentMode
        ) {
            self.id = id
            self.type = type
            self.price = price
            self.displayPrice = displayPrice
            self.period = period
            self.periodCount = periodCount
            self.paymentMode = paymentMode
        }

        /// The kind of a subscription offer.
        public struct OfferType: RawRepresentable, Hashable, Sendable {
            /// The kind's name.
            public let rawValue: String
            /// Creates a kind from its name.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// An introductory offer.
            public static let introductory = OfferType(rawValue: "introductory")
            /// A promotional offer.
            public static let promotional = OfferType(rawValue: "promotional")
            /// A win-back offer.
            public static let winBack = OfferType(rawValue: "winBack")
        }

        /// How the customer pays for an offer.
        public struct PaymentMode: RawRepresentable, Hashable, Sendable {
            /// The mode's name.
            public let rawValue: String
            /// Creates a mode from its name.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// Free for the offer's periods.
            public static let freeTrial = PaymentMode(rawValue: "freeTrial")
            /// A reduced price each period.
            public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
            /// A reduced price paid once for all periods.
            public static let payUpFront = PaymentMode(rawValue: "payUpFront")
        }
    }
}
