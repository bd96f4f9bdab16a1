import Foundation

extension Transaction {
    /// The app's bundle identifier (a fixed name in the simulation).
    public var appBundleID: String { SimulatedApp.bundleID }
    /// The storefront of the purchase (the simulation has one storefront).
    public var storefront: Storefront { .simulated }
    /// The storefront's country code (StoreKit's older spelling).
    public var storefrontCountryCode: String { Storefront.simulated.countryCode }
    /// The identifier of the subscription period's purchase event, for auto-renewable subscriptions.
    public var webOrderLineItemID: String? { productType == .autoRenewable ? String(id) : nil }
    /// The offer's identifier (the model's offers are introductory: nil).
    public var offerID: String? { nil }
    /// The offer the purchase used, if any.
    public var offer: Transaction.Offer? { offerType.map { Transaction.Offer(id: nil, type: $0, paymentMode: nil) } }
    /// Device verification data (empty: the simulation signs nothing).
    public var deviceVerification: Data { Data() }
    /// The nonce of the device verification, derived from the transaction id.
    public var deviceVerificationNonce: UUID { SimulatedIdentity.uuid(id) }
    /// The transaction as JSON with sorted keys (the fields the mirror knows).
    public var jsonRepresentation: Data {
        var fields: [String: Any] = [
            "transactionId": String(id), "originalTransactionId": String(originalID), "productId": productID,
            "type": productType.rawValue, "purchaseDate": SimulatedIdentity.milliseconds(purchaseDate),
            "originalPurchaseDate": SimulatedIdentity.milliseconds(originalPurchaseDate),
            "quantity": purchasedQuantity, "inAppOwnershipType": ownershipType.rawValue,
            "signedDate": SimulatedIdentity.milliseconds(signedDate), "environment": environment.rawValue,
            "transactionReason": reason.rawValue, "bundleId": appBundleID, "storefront": storefrontCountryCode,
        ]
        if let expirationDate { fields["expiresDate"] = SimulatedIdentity.milliseconds(expirationDate) }
        if let revocationDate { fields["revocationDate"] = SimulatedIdentity.milliseconds(revocationDate) }
        if let revocationReason { fields["revocationReason"] = revocationReason.rawValue }
        if let subscriptionGroupID { fields["subscriptionGroupIdentifier"] = subscriptionGroupID }
        if let appAccountToken { fields["appAccountToken"] = appAccountToken.uuidString }
        if isUpgraded { fields["isUpgraded"] = true }
        if let offerType { fields["offerType"] = offerType.rawValue }
        return SimulatedIdentity.json(fields)
    }

    /// The offer a transaction used (StoreKit's `Transaction.Offer`).
    public struct Offer: Hashable, Sendable {
        /// The offer's identifier, nil for introductory offers.
        public let id: String?
        /// The kind of offer.
        public let type: Transaction.OfferType
        /// How the customer pays, when known.
        public let paymentMode: Product.SubscriptionOffer.PaymentMode?
    }

    /// What a refund request sheet returned (`beginRefundRequest` itself needs a window scene).
    public enum RefundRequestStatus: Hashable, Sendable {
        /// The request was submitted.
        case success
        /// The customer cancelled the request.
        case userCancelled
    }
}

extension Transaction: CustomDebugStringConvertible {
    /// The transaction's JSON, as StoreKit prints it.
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

/// The simulated app's fixed identity.
enum SimulatedApp {
    static let bundleID = "purchase-conformance.simulated-app"
}
