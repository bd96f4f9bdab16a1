extension Transaction {
    /// Why the App Store refunded or revoked a transaction.
    public struct RevocationReason: RawRepresentable, Hashable, Sendable {
        /// The server's value: 1 for an issue in the app, 0 otherwise.
        public let rawValue: Int
        /// Creates a reason from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The customer cancelled because of an actual or perceived issue in the app.
        public static let developerIssue = RevocationReason(rawValue: 1)
        /// Any other reason.
        public static let other = RevocationReason(rawValue: 0)
    }

    /// Whether the customer bought a transaction or a family member shares it.
    public struct OwnershipType: RawRepresentable, Hashable, Sendable {
        /// The server's value.
        public let rawValue: String
        /// Creates an ownership type from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The customer bought it.
        public static let purchased = OwnershipType(rawValue: "PURCHASED")
        /// A family member bought it and shares it.
        public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
    }

    /// The kind of offer a transaction used.
    public struct OfferType: RawRepresentable, Hashable, Sendable {
        /// The server's value.
        public let rawValue: Int
        /// Creates an offer type from its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// An introductory offer.
        public static let introductory = OfferType(rawValue: 1)
        /// A promotional offer.
        public static let promotional = OfferType(rawValue: 2)
        /// An offer code.
        public static let code = OfferType(rawValue: 3)
        /// A win-back offer.
        public static let winBack = OfferType(rawValue: 4)
    }

    /// Why a transaction exists.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        /// The server's value.
        public let rawValue: String
        /// Creates a reason from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The customer initiated the purchase.
        public static let purchase = Reason(rawValue: "PURCHASE")
        /// The App Store renewed an auto-renewable subscription.
        public static let renewal = Reason(rawValue: "RENEWAL")
    }
}
