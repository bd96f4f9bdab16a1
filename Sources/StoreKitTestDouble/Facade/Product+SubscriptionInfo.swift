import Foundation

/// The state of a subscription (StoreKit's top-level alias).
public typealias RenewalState = Product.SubscriptionInfo.RenewalState
/// Renewal information of a subscription (StoreKit's top-level alias).
public typealias RenewalInfo = Product.SubscriptionInfo.RenewalInfo

extension Product {
    /// The subscription details of an auto-renewable product.
    public struct SubscriptionInfo: Hashable, Sendable {
        /// The subscription group's identifier.
        public let subscriptionGroupID: String
        /// The billing period.
        public let subscriptionPeriod: Product.SubscriptionPeriod
        /// The introductory offer, if the product has one.
        public let introductoryOffer: Product.SubscriptionOffer?
        /// Promotional offers (none in the simulation's catalogs).
        public let promotionalOffers: [Product.SubscriptionOffer]
        /// The service level within the group: 1 is the highest.
        public let groupLevel: Int

        /// Creates subscription details.
        public init(
            subscriptionGroupID: String, subscriptionPeriod: Product.SubscriptionPeriod,
            introductoryOffer: Product.SubscriptionOffer? = nil, promotionalOffers: [Product.SubscriptionOffer] = [],
            groupLevel: Int = 1
        ) {
            self.subscriptionGroupID = subscriptionGroupID
            self.subscriptionPeriod = subscriptionPeriod
            self.introductoryOffer = introductoryOffer
            self.promotionalOffers = promotionalOffers
            self.groupLevel = groupLevel
        }

        /// The statuses of this product's group: empty if the customer never subscribed.
        public var status: [Product.SubscriptionInfo.Status] {
            get async throws { try await Self.status(for: subscriptionGroupID) }
        }

        /// Whether the customer may still get this group's introductory offer.
        public var isEligibleForIntroOffer: Bool {
            get async { await Self.isEligibleForIntroOffer(for: subscriptionGroupID) }
        }

        /// The statuses of a subscription group: empty if the customer never subscribed.
        public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
            guard let session = StoreSession.current else { throw StoreKitError.unknown }
            return session.statuses(of: groupID)
        }

        /// Whether the customer may still get a group's introductory offer.
        public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
            StoreSession.current?.isEligibleForIntroOffer(group: groupID) ?? false
        }

        /// One subscription status of a group (Family Sharing can add a second).
        public struct Status: Hashable, Sendable {
            /// The renewal state.
            public let state: RenewalState
            /// The renewal information, signed.
            public let renewalInfo: VerificationResult<RenewalInfo>
            /// The latest transaction of the subscription, signed.
            public let transaction: VerificationResult<Transaction>

            /// Creates a status.
            public init(state: RenewalState, renewalInfo: VerificationResult<RenewalInfo>, transaction: VerificationResult<Transaction>) {
                self.state = state
                self.renewalInfo = renewalInfo
                self.transaction = transaction
            }
        }

        /// The state of a subscription.
        public struct RenewalState: RawRepresentable, Hashable, Sendable {
            /// StoreKit's raw value.
            public let rawValue: Int
            /// Creates a state from its raw value.
            public init(rawValue: Int) { self.rawValue = rawValue }
            /// Subscribed and entitled.
            public static let subscribed = RenewalState(rawValue: 1)
            /// Expired.
            public static let expired = RenewalState(rawValue: 2)
            /// Billing failed and the App Store retries; not entitled.
            public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
            /// Billing failed and the grace period keeps the service.
            public static let inGracePeriod = RenewalState(rawValue: 4)
            /// Refunded or revoked.
            public static let revoked = RenewalState(rawValue: 5)
        }

        /// Renewal information of a subscription.
        public struct RenewalInfo: Hashable, Sendable {
            /// The original transaction of the subscription.
            public let originalTransactionID: UInt64
            /// The product the customer is subscribed to now.
            public let currentProductID: String
            /// Whether the subscription renews at the end of the period.
            public let willAutoRenew: Bool
            /// The product that renews next, or nil.
            public let autoRenewPreference: String?
            /// Why the subscription expired, or nil while it is active.
            public let expirationReason: RenewalInfo.ExpirationReason?
            /// Whether the App Store is retrying to bill.
            public let isInBillingRetry: Bool
            /// When billing grace ends, during the grace period.
            public let gracePeriodExpirationDate: Date?
            /// When the App Store signed this information.
            public let signedDate: Date

            /// Creates renewal information.
            public init(
                originalTransactionID: UInt64, currentProductID: String, willAutoRenew: Bool, autoRenewPreference: String?,
                expirationReason: RenewalInfo.ExpirationReason?, isInBillingRetry: Bool, gracePeriodExpirationDate: Date?,
                signedDate: Date
            ) {
                self.originalTransactionID = originalTransactionID
                self.currentProductID = currentProductID
                self.willAutoRenew = willAutoRenew
                self.autoRenewPreference = autoRenewPreference
                self.expirationReason = expirationReason
                self.isInBillingRetry = isInBillingRetry
                self.gracePeriodExpirationDate = gracePeriodExpirationDate
                self.signedDate = signedDate
            }

            /// Why a subscription expired.
            public struct ExpirationReason: RawRepresentable, Hashable, Sendable {
                /// StoreKit's raw value.
                public let rawValue: Int
                /// Creates a reason from its raw value.
                public init(rawValue: Int) { self.rawValue = rawValue }
                /// The customer turned auto-renew off.
                public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
                /// Billing failed.
                public static let billingError = ExpirationReason(rawValue: 2)
                /// The customer did not consent to a price increase.
                public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
                /// The product was not available at renewal.
                public static let productUnavailable = ExpirationReason(rawValue: 4)
                /// Another reason.
                public static let unknown = ExpirationReason(rawValue: 5)
            }
        }
    }

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
