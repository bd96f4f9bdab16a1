/// Told of changes in the payment queue (StoreKit 1's `SKPaymentTransactionObserver`).
///
/// Called on the main actor, as StoreKit calls observers on the main thread. Every method but
/// `paymentQueue(_:updatedTransactions:)` is optional.
public protocol SKPaymentTransactionObserver: AnyObject {
    /// Transactions were added or changed state.
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction])
    /// Transactions were finished and left the queue.
    func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction])
    /// Restoring failed.
    func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error)
    /// Every restorable transaction has been delivered as `restored`.
    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue)
    /// A purchase started in the App Store (never, in the simulation).
    func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct) -> Bool
    /// The storefront changed (never, in the simulation).
    func paymentQueueDidChangeStorefront(_ queue: SKPaymentQueue)
    /// Family Sharing entitlements were revoked (never reported by the simulation).
    func paymentQueue(_ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String])
}

extension SKPaymentTransactionObserver {
    /// By default nothing happens.
    public func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction]) {}
    /// By default nothing happens.
    public func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {}
    /// By default nothing happens.
    public func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {}
    /// By default the purchase goes ahead.
    public func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct)
        -> Bool
    { true }
    /// By default nothing happens.
    public func paymentQueueDidChangeStorefront(_ queue: SKPaymentQueue) {}
    /// By default nothing happens.
    public func paymentQueue(
        _ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]
    ) {}
}
