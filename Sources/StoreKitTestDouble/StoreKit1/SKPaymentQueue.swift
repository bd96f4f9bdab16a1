import Foundation

/// The queue of payments the App Store processes (StoreKit 1's `SKPaymentQueue`), driven by the
/// same model and scheduler as the StoreKit 2 mirror.
///
/// `default()` is the queue of the running launch (a fresh one after every relaunch). In the
/// model: `add(_:)` is the purchase the history plays (`purchasing`, then `purchased`,
/// `deferred` or `failed` when the App Store answers); an update is `purchased` (a renewal, an
/// approved Ask to Buy, a purchase on another device); a refund, or a change to a transaction
/// already delivered, never reaches StoreKit 1, so the queue acknowledges it itself; the launch's unfinished transactions are delivered when the
/// first observer is added; `restoreCompletedTransactions()` delivers a `restored` copy of each
/// non-consumable and auto-renewable transaction that is not refunded, then
/// `paymentQueueRestoreCompletedTransactionsFinished`. Finishing a `purchased` transaction
/// finishes the model's transaction; a `restored` copy or a failed payment only leaves the queue.
open class SKPaymentQueue: NSObject, @unchecked Sendable {
    weak var session: StoreSession?
    private var observers: [any SKPaymentTransactionObserver] = []
    private var deliveredIDs: Set<UInt64> = []
    /// The transactions in the queue: not finished yet.
    open private(set) var transactions: [SKPaymentTransaction] = []

    init(session: StoreSession?) { self.session = session }

    /// The queue of the running app (an inert queue outside a simulated app).
    open class func `default`() -> SKPaymentQueue {
        guard let session = StoreSession.current else { return SKPaymentQueue(session: nil) }
        if let queue = session.paymentQueue { return queue }
        let queue = SKPaymentQueue(session: session)
        session.paymentQueue = queue
        return queue
    }

    /// Whether the customer can make payments (always true in the simulation).
    open class func canMakePayments() -> Bool { true }

    /// The observers, in the order they were added.
    open var transactionObservers: [any SKPaymentTransactionObserver] { observers }

    /// The storefront of the customer.
    open var storefront: SKStorefront? { session == nil ? nil : SKStorefront() }

    /// Adds an observer; the first one receives the launch's unfinished transactions.
    open func add(_ observer: any SKPaymentTransactionObserver) {
        guard let session, session.isAlive else { return }
        observers.append(observer)
        if !transactions.isEmpty { notify(transactions, to: [observer]) }
        session.postLaunchDeliveries()
    }

    /// Removes an observer.
    open func remove(_ observer: any SKPaymentTransactionObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Buys: the history's purchase for this product answers it.
    open func add(_ payment: SKPayment) {
        guard let session, session.isAlive else { return }
        let transaction = SKPaymentTransaction(payment: payment, state: .purchasing)
        transactions.append(transaction)
        notify([transaction])
        let (answer, planned) = session.answerPurchase(of: payment.productIdentifier, options: [])
        let box = Unchecked((self, transaction))
        Task { @MainActor in
            let (queue, transaction) = box.value
            do {
                try await session.roundTrip("SKPaymentQueue.add(\(payment.productIdentifier))", reveals: planned)
            } catch {
                return
            }
            queue.settle(transaction, with: answer)
        }
    }

    /// Finishes a transaction: it leaves the queue; a `purchased` one is finished in the model.
    open func finishTransaction(_ transaction: SKPaymentTransaction) {
        guard let index = transactions.firstIndex(where: { $0 === transaction }) else { return }
        transactions.remove(at: index)
        if transaction.transactionState == .purchased, let id = transaction.modelID { session?.finish(id) }
        let observers = self.observers
        let box = Unchecked((self, transaction, observers))
        Task { @MainActor in
            let (queue, transaction, observers) = box.value
            for observer in observers { observer.paymentQueue(queue, removedTransactions: [transaction]) }
        }
    }

    /// Restores: the App Store answers at a time the scheduler picks.
    open func restoreCompletedTransactions() {
        guard let session, session.isAlive else { return }
        let box = Unchecked(self)
        Task { @MainActor in
            do {
                try await session.roundTrip("SKPaymentQueue.restoreCompletedTransactions()", reveals: true)
            } catch {
                return
            }
            box.value.deliverRestored(session)
        }
    }

    /// Shows the offer-code redemption sheet (the simulation shows nothing).
    open func presentCodeRedemptionSheet() {}

    /// Restores, tagging the request with an account name (ignored).
    open func restoreCompletedTransactions(withApplicationUsername username: String?) {
        restoreCompletedTransactions()
    }

    // MARK: The App Store's side

    private func settle(_ transaction: SKPaymentTransaction, with answer: StoreSession.PurchaseAnswer) {
        switch answer {
        case .result(.success(let verification)):
            let value = verification.unsafePayloadValue
            transaction.transactionState = .purchased
            transaction.transactionIdentifier = String(value.id)
            transaction.transactionDate = value.purchaseDate
            transaction.modelID = value.id
            deliveredIDs.insert(value.id)
        case .result(.pending): transaction.transactionState = .deferred
        case .result(.userCancelled):
            transaction.transactionState = .failed
            transaction.error = SKError(.paymentCancelled)
        case .failure:
            transaction.transactionState = .failed
            transaction.error = SKError(.unknown)
        }
        notify([transaction])
    }

    /// A transaction the App Store emits (an update, or unfinished at launch).
    func receive(_ delivery: VerificationResult<Transaction>) {
        let value = delivery.unsafePayloadValue
        if value.revocationDate != nil {
            session?.finish(value.id)  // StoreKit 1 never shows a refund: the queue acknowledges it.
            return
        }
        guard !deliveredIDs.contains(value.id) else {
            // StoreKit 1 does not report changes to a transaction it already delivered (an
            // upgrade marking it, a renewal preference): once the app finished it, the queue
            // acknowledges the re-delivery itself.
            if !transactions.contains(where: { $0.modelID == value.id }) { session?.finish(value.id) }
            return
        }
        deliveredIDs.insert(value.id)
        let transaction = SKPaymentTransaction.from(value, state: .purchased)
        transactions.append(transaction)
        notify([transaction])
    }

    private func deliverRestored(_ session: StoreSession) {
        let restorable = session.snapshot(.all).map(\.unsafePayloadValue).filter { (value: Transaction) -> Bool in
            guard value.revocationDate == nil else { return false }
            return value.productType == .nonConsumable || value.productType == .autoRenewable
        }
        let restored = restorable.map { value in
            SKPaymentTransaction.from(
                value, state: .restored, original: SKPaymentTransaction.from(value, state: .purchased))
        }
        transactions.append(contentsOf: restored)
        let observers = self.observers
        if !restored.isEmpty {
            for observer in observers { observer.paymentQueue(self, updatedTransactions: restored) }
        }
        for observer in observers { observer.paymentQueueRestoreCompletedTransactionsFinished(self) }
    }

    private func notify(_ changed: [SKPaymentTransaction], to only: [any SKPaymentTransactionObserver]? = nil) {
        let box = Unchecked((self, changed, only ?? observers))
        Task { @MainActor in
            let (queue, changed, observers) = box.value
            for observer in observers { observer.paymentQueue(queue, updatedTransactions: changed) }
        }
    }
}

/// The customer's App Store storefront in StoreKit 1 (`SKStorefront`).
open class SKStorefront: NSObject, @unchecked Sendable {
    /// The three-letter country code.
    open var countryCode: String { Storefront.simulated.countryCode }
    /// The App Store's storefront identifier.
    open var identifier: String { Storefront.simulated.id }
}

/// Asks the customer to rate the app (StoreKit's `SKStoreReviewController`); does nothing here.
open class SKStoreReviewController: NSObject, @unchecked Sendable {
    /// Asks for a review (the simulation shows nothing).
    open class func requestReview() {}
}
