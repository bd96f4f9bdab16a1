import Foundation

extension Product.ProductType {
    /// The type's name in words: "Consumable", "Non-Consumable", "Non-Renewing Subscription",
    /// "Auto-Renewable Subscription".
    public var localizedDescription: String {
        switch self {
        case .nonRenewable: return "Non-Renewing Subscription"
        case .autoRenewable: return "Auto-Renewable Subscription"
        default: return rawValue
        }
    }
}

extension Product.SubscriptionInfo.RenewalState {
    /// The state in words: "Subscribed", "Expired", "In Billing Retry Period", "In Grace Period",
    /// "Revoked".
    public var localizedDescription: String {
        switch self {
        case .subscribed: return "Subscribed"
        case .expired: return "Expired"
        case .inBillingRetryPeriod: return "In Billing Retry Period"
        case .inGracePeriod: return "In Grace Period"
        case .revoked: return "Revoked"
        default: return "Unknown (\(rawValue))"
        }
    }
}

extension Product.SubscriptionInfo {
    /// Win-back offers (the model has none).
    public var winBackOffers: [Product.SubscriptionOffer] { [] }
}

extension AppStore {
    /// The device verification identifier (a fixed value in the simulation).
    public static var deviceVerificationID: UUID? { SimulatedIdentity.uuid(0) }
}

extension StoreKitError: LocalizedError {
    /// What went wrong, in words.
    public var errorDescription: String? {
        switch self {
        case .unknown: return "An unknown error occurred."
        case .userCancelled: return "The user cancelled."
        case .networkError: return "The network is not available."
        case .systemError(let error): return "A system error occurred: \(error)"
        case .notAvailableInStorefront: return "The product is not available in the current storefront."
        case .notEntitled: return "The app is not entitled to this operation."
        case .unsupported: return "The operation is not supported."
        }
    }
}

extension Product.PurchaseError: LocalizedError {
    /// What went wrong, in words.
    public var errorDescription: String? {
        switch self {
        case .invalidQuantity: return "The quantity is not valid."
        case .productUnavailable: return "The product is not available."
        case .purchaseNotAllowed: return "The user is not allowed to make purchases."
        case .ineligibleForOffer: return "The user is not eligible for the offer."
        case .invalidOfferIdentifier: return "The offer identifier is not valid."
        case .invalidOfferPrice: return "The offer price is not valid."
        case .invalidOfferSignature: return "The offer signature is not valid."
        case .missingOfferParameters: return "Offer parameters are missing."
        }
    }
}

extension Product: CustomDebugStringConvertible {
    /// The product as JSON with sorted keys (the fields the mirror knows).
    public var jsonRepresentation: Data {
        var fields: [String: Any] = [
            "id": id, "type": type.rawValue, "displayName": displayName, "description": description,
            "displayPrice": displayPrice, "price": "\(price)", "isFamilyShareable": isFamilyShareable,
        ]
        if let subscription {
            fields["subscriptionGroupID"] = subscription.subscriptionGroupID
            fields["subscriptionPeriod"] = subscription.subscriptionPeriod.debugDescription
        }
        return SimulatedIdentity.json(fields)
    }

    /// The product's JSON, as StoreKit prints it.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}
