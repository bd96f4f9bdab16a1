import Foundation

extension Product {
    /// What `purchase(options:)` returned.
    public enum PurchaseResult: Sendable {
        /// The purchase succeeded, with its transaction.
        case success(VerificationResult<Transaction>)
        /// The customer cancelled.
        case userCancelled
        /// The purchase waits for approval (Ask to Buy); an approval arrives through `Transaction.updates`.
        case pending
    }

    /// An option passed with a purchase.
    public struct PurchaseOption: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case appAccountToken(UUID)
            case quantity(Int)
            case simulatesAskToBuyInSandbox(Bool)
            case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
            case custom(key: String, value: String)
        }

        let kind: Kind

        /// A UUID that associates the purchase with an account in the app's own system.
        public static func appAccountToken(_ token: UUID) -> PurchaseOption {
            PurchaseOption(kind: .appAccountToken(token))
        }
        /// The number of items of a consumable to buy.
        public static func quantity(_ quantity: Int) -> PurchaseOption { PurchaseOption(kind: .quantity(quantity)) }
        /// Whether to simulate Ask to Buy in the sandbox.
        public static func simulatesAskToBuyInSandbox(_ enabled: Bool) -> PurchaseOption {
            PurchaseOption(kind: .simulatesAskToBuyInSandbox(enabled))
        }
        /// A signed promotional offer.
        public static func promotionalOffer(
            offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
        ) -> PurchaseOption {
            PurchaseOption(
                kind: .promotionalOffer(
                    offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
        }
        /// A custom key and value.
        public static func custom(key: String, value: String) -> PurchaseOption {
            PurchaseOption(kind: .custom(key: key, value: value))
        }
    }
}
