import Foundation

/// The error domain of StoreKit 1 errors.
public let SKErrorDomain = "SKErrorDomain"

/// An error of a StoreKit 1 payment or request (StoreKit 1's `SKError`).
public struct SKError: Error, Hashable, Sendable, CustomNSError {
    /// What went wrong.
    public let code: Code

    /// Creates an error.
    public init(_ code: Code) { self.code = code }

    /// The error domain.
    public static var errorDomain: String { SKErrorDomain }
    /// The code as a number.
    public var errorCode: Int { code.rawValue }

    /// StoreKit 1's error codes.
    public enum Code: Int, Hashable, Sendable {
        /// Unknown error; the simulation reports a `failed` purchase with it.
        case unknown = 0
        /// The client is not allowed to make the request.
        case clientInvalid = 1
        /// The customer cancelled.
        case paymentCancelled = 2
        /// A payment parameter was invalid.
        case paymentInvalid = 3
        /// The device is not allowed to make payments.
        case paymentNotAllowed = 4
        /// The product is not available in the storefront.
        case storeProductNotAvailable = 5
        /// The customer has not allowed access to cloud service information.
        case cloudServicePermissionDenied = 6
        /// The device could not connect to the network.
        case cloudServiceNetworkConnectionFailed = 7
        /// The customer revoked cloud service access.
        case cloudServiceRevoked = 8
        /// The customer has not accepted the privacy policy.
        case privacyAcknowledgementRequired = 9
        /// The app is attempting to use an unauthorized request.
        case unauthorizedRequestData = 10
        /// The offer identifier is not valid.
        case invalidOfferIdentifier = 11
        /// The offer signature is not valid.
        case invalidSignature = 12
        /// Offer parameters are missing.
        case missingOfferParams = 13
        /// The offer price is not valid.
        case invalidOfferPrice = 14
        /// The customer's account cannot make the payment here.
        case overlayCancelled = 15
        /// The product is ineligible for the offer.
        case ineligibleForOffer = 18
    }

    /// Unknown error.
    public static let unknown = Code.unknown
    /// The customer cancelled.
    public static let paymentCancelled = Code.paymentCancelled
    /// The device is not allowed to make payments.
    public static let paymentNotAllowed = Code.paymentNotAllowed
    /// The product is not available in the storefront.
    public static let storeProductNotAvailable = Code.storeProductNotAvailable
    /// The device could not connect to the network.
    public static let cloudServiceNetworkConnectionFailed = Code.cloudServiceNetworkConnectionFailed
}
