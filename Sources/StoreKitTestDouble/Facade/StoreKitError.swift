import Foundation

/// An error StoreKit reports (StoreKit 2's `StoreKitError`).
public enum StoreKitError: Error, Sendable {
    /// An unknown error; the simulation throws it for a purchase that failed (`failed`).
    case unknown
    /// The user cancelled.
    case userCancelled
    /// A network error.
    case networkError(URLError)
    /// A system error.
    case systemError(any Error)
    /// The product is not available in the current storefront.
    case notAvailableInStorefront
    /// The app does not have the entitlement for the requested operation.
    case notEntitled
    /// The operation is not supported.
    case unsupported
}
