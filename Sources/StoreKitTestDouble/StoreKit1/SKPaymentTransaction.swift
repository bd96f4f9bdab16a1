import Foundation

/// Where a payment stands (StoreKit 1's `SKPaymentTransactionState`).
public enum SKPaymentTransactionState: Int, Sendable {
    /// Being processed by the App Store.
    case purchasing = 0
    /// Charged: deliver the content, then finish it.
    case purchased = 1
    /// Failed or cancelled (see `error`); finish it.
    case failed = 2
    /// A restored earlier purchase (see `original`); finish it.
    case restored = 3
    /// Waiting for approval (Ask to Buy); a later `purchased` or `failed` follows.
    case deferred = 4
}

/// A payment in the queue (StoreKit 1's `SKPaymentTransaction`).
open class SKPaymentTransaction: NSObject, @unchecked Sendable {
    /// The payment.
    open internal(set) var payment: SKPayment
    /// Where it stands.
    open internal(set) var transactionState: SKPaymentTransactionState
    /// The App Store's id, once `purchased` or `restored`.
    open internal(set) var transactionIdentifier: String?
    /// When the App Store charged or restored it.
    open internal(set) var transactionDate: Date?
    /// Why it failed, when `failed`.
    open internal(set) var error: (any Error)?
    /// The earlier purchase a `restored` transaction restores.
    open internal(set) var original: SKPaymentTransaction?
    /// Hosted content downloads (none in the simulation).
    open var downloads: [Any] { [] }
    /// The model's transaction id behind a `purchased` transaction (finishing it finishes that).
    var modelID: UInt64?

    init(payment: SKPayment, state: SKPaymentTransactionState) {
        self.payment = payment
        transactionState = state
    }

    /// A transaction for the App Store's transaction value.
    static func from(
        _ transaction: Transaction, state: SKPaymentTransactionState, original: SKPaymentTransaction? = nil
    ) -> SKPaymentTransaction {
        let payment = SKPayment(productIdentifier: transaction.productID)
        payment.storedQuantity = transaction.purchasedQuantity
        let result = SKPaymentTransaction(payment: payment, state: state)
        result.transactionIdentifier = String(transaction.id)
        result.transactionDate = transaction.purchaseDate
        result.original = original
        result.modelID = state == .purchased ? transaction.id : nil
        return result
    }
}
