import Foundation

extension Product.SubscriptionInfo {
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
        /// The start of the latest run of subscription periods without a gap of more than 60 days.
        public let recentSubscriptionStartDate: Date
        /// When the subscription renews next (the latest period's end).
        public let renewalDate: Date?
        /// The price of the next renewal, when known.
        public let renewalPrice: Decimal?
        /// The currency of `renewalPrice`, when known.
        public let currency: Locale.Currency?
        /// The account token of the purchase, if it carried one.
        public let appAccountToken: UUID?

        /// Creates renewal information.
        public init(
            originalTransactionID: UInt64, currentProductID: String, willAutoRenew: Bool, autoRenewPreference: String?,
            expirationReason: RenewalInfo.ExpirationReason?, isInBillingRetry: Bool, gracePeriodExpirationDate: Date?,
            signedDate: Date, recentSubscriptionStartDate: Date? = nil, renewalDate: Date? = nil,
            renewalPrice: Decimal? = nil, currency: Locale.Currency? = nil, appAccountToken: UUID? = nil
        ) {
            self.originalTransactionID = originalTransactionID
            self.currentProductID = currentProductID
            self.willAutoRenew = willAutoRenew
            self.autoRenewPreference = autoRenewPreference
            self.expirationReason = expirationReason
            self.isInBillingRetry = isInBillingRetry
            self.gracePeriodExpirationDate = gracePeriodExpirationDate
            self.signedDate = signedDate
            self.recentSubscriptionStartDate = recentSubscriptionStartDate ?? signedDate
            self.renewalDate = renewalDate
            self.renewalPrice = renewalPrice
            self.currency = currency
            self.appAccountToken = appAccountToken
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
