extension Product {
    /// An error a purchase can throw before it reaches the App Store (StoreKit 2's `Product.PurchaseError`).
    public enum PurchaseError: Error, Hashable, Sendable {
        /// The quantity is not valid.
        case invalidQuantity
        /// The product is not available.
        case productUnavailable
        /// The user is not allowed to make purchases.
        case purchaseNotAllowed
        /// The user is not eligible for the offer.
        case ineligibleForOffer
        /// The offer identifier is not valid.
        case invalidOfferIdentifier
        /// The offer price is not valid.
        case invalidOfferPrice
        /// The offer signature is not valid.
        case invalidOfferSignature
        /// Offer parameters are missing.
        case missingOfferParameters
    }
}
