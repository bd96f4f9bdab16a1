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
            public init(
                state: RenewalState, renewalInfo: VerificationResult<RenewalInfo>,
                transaction: VerificationResult<Transaction>
            ) {
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
    }
}
