import Foundation
import ConformanceRunner
import PurchaseStateMachine

/// One launch of a simulated app: what StoreKit shows it now, what it finished, who listens to
/// `Transaction.updates`, and the purchase the runner is delivering.
///
/// Static StoreKit entry points reach the session of the scheduler driving the current thread.
/// After `kill()` (the app was terminated) every request fails or ends and finishing is ignored.
final class StoreSession: @unchecked Sendable {
    /// How the App Store answers a `purchase()` call.
    enum PurchaseAnswer {
        case result(Product.PurchaseResult)
        case failure
    }

    /// The purchase the runner is delivering: `Product.purchase()` for `product` returns `result`.
    struct PlannedPurchase {
        var product: String
        var result: PurchaseResultKind
        var delivery: Delivery?
    }

    unowned(unsafe) let scheduler: Scheduler
    let products: [String: Product]
    /// What StoreKit shows the app now.
    private(set) var context: SubjectContext
    /// What StoreKit will show once the App Store acts on the current event (delivers the
    /// purchase result, the update, the sync), until then the state before the event.
    private var staged: SubjectContext?
    private(set) var isAlive = true
    private var finished: [UInt64] = []
    private var finishedIDs: Set<UInt64> = []
    private var channels = ChannelSet<VerificationResult<Transaction>>()
    /// Iterations of `Product.SubscriptionInfo.Status.updates`.
    var statusChannels = ChannelSet<Product.SubscriptionInfo.Status>()
    /// Iterations waiting for any change of what the app sees (SwiftUI's entitlement tasks).
    var changeChannels = ChannelSet<Int>()
    /// The statuses last published on `Status.updates` (nil while nobody listens).
    var publishedStatuses: [GroupStatuses]?
    /// Iterations of the sequences the model never emits on (`Storefront.updates`,
    /// `Message.messages`), ended when the app is terminated.
    var silentChannels: [() -> Void] = []
    /// StoreKit 1's queue of this launch, once the app asked for it.
    var paymentQueue: SKPaymentQueue?
    /// The app receipt's file, once the app asked for it (removed when the app is terminated).
    var receiptFile: URL?
    /// What the receipt file holds now.
    var receiptWritten: Data?
    private var launchDeliveries: [Delivery]
    private var launchDeliveriesPosted = false
    /// The purchase being delivered, until the app calls `purchase()` for it.
    var plannedPurchase: PlannedPurchase?
    /// The first thing the app did that the protocol cannot express (reported as a fault).
    var fault: String?
    /// The app's version (`StoreKitApp.appVersion`) and when the customer got it (the history's
    /// start), for `AppTransaction`.
    var appVersion = "1.0"
    var appFirstLaunch = Date(timeIntervalSince1970: 0)

    /// The session of the app this thread is driving, if any.
    static var current: StoreSession? { DrivingThread.scheduler?.session }

    init(scheduler: Scheduler, products: [String: Product], context: SubjectContext, launchDeliveries: [Delivery]) {
        self.scheduler = scheduler
        self.products = products
        self.context = context
        self.launchDeliveries = launchDeliveries
    }

    /// Shows the app `context` at once.
    func update(_ context: SubjectContext) {
        self.context = context
        staged = nil
        storeChanged()
    }

    /// Keeps showing the state before the current event until the App Store acts on it.
    func stage(_ context: SubjectContext) {
        staged = context
    }

    /// Shows the app the state after the current event and, unless the caller does it after its
    /// own emission, publishes the subscription statuses that changed.
    func reveal(publishing: Bool = true) {
        guard let staged else { return }
        context = staged
        self.staged = nil
        if publishing { storeChanged() }
    }

    /// The transactions finished since the last call.
    ///
    /// Once reported, the model knows of them: the next context's `unfinished` is the truth, and
    /// a transaction delivered again (a refund of one the app finished) is unfinished again.
    func takeFinished() -> [UInt64] {
        defer {
            finished.removeAll()
            finishedIDs.removeAll()
        }
        return finished
    }

    func finish(_ id: UInt64) {
        guard isAlive else { return }
        finishedIDs.insert(id)
        if !finished.contains(id) { finished.append(id) }
    }

    /// The app was terminated: requests now fail, iterations of `updates` end.
    func kill() {
        isAlive = false
        plannedPurchase = nil
        channels.endAll()
        statusChannels.endAll()
        changeChannels.endAll()
        publishedStatuses = nil
        for end in silentChannels { end() }
        silentChannels.removeAll()
        paymentQueue = nil
        if let receiptFile { try? FileManager.default.removeItem(at: receiptFile) }
        receiptFile = nil
    }

    /// Suspends the caller until the simulated App Store answers, at a time the scheduler picks;
    /// when the answer `reveals` the current event, reads show the state after it from then on.
    func roundTrip(_ label: String, reveals: Bool = false) async throws {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
            scheduler.post(label) { [self] in
                guard isAlive else { return continuation.resume(throwing: CancellationError()) }
                if reveals { reveal() }
                continuation.resume()
            }
        }
    }

    // MARK: Transaction.updates

    /// Starts an iteration of `updates`; the launch's unfinished transactions go to the
    /// iterations that exist when the App Store gets to deliver them.
    func register(_ channel: UpdatesChannel<VerificationResult<Transaction>>) {
        guard isAlive else { return channel.end() }
        channels.add(channel)
        postLaunchDeliveries()
    }

    /// Has the App Store deliver the launch's unfinished transactions (once per launch).
    func postLaunchDeliveries() {
        guard !launchDeliveriesPosted, !launchDeliveries.isEmpty else { return }
        launchDeliveriesPosted = true
        scheduler.post("deliver \(launchDeliveries.count) unfinished transactions at launch") { [self] in
            let deliveries = launchDeliveries
            launchDeliveries = []
            for delivery in deliveries { emit(delivery) }
        }
    }

    /// Emits `delivery` on `updates` at a time the scheduler picks.
    ///
    /// A finish of the same id the app made during the last query is not reported yet (a query
    /// has no reply); reported now it would count as finishing this delivery, so it is dropped:
    /// the delivery is unfinished until the app finishes it.
    func deliver(_ delivery: Delivery) {
        let id = delivery.transaction.id
        if finished.contains(id) {
            finished.removeAll { $0 == id }
            finishedIDs.remove(id)
        }
        scheduler.post("deliver #\(delivery.transaction.id) on Transaction.updates") { [self] in
            reveal(publishing: false)
            emit(delivery)
            storeChanged()
        }
    }

    private func emit(_ delivery: Delivery) {
        guard isAlive else { return }
        let element = verification(delivery)
        channels.push(element)
        paymentQueue?.receive(element)
    }

    // MARK: Purchases

    /// Decides what `purchase()` of `productID` returns; `planned` says whether it is the
    /// purchase the runner is delivering (whose answer reveals the event).
    func answerPurchase(of productID: String, options: Set<Product.PurchaseOption>) -> (
        answer: PurchaseAnswer, planned: Bool
    ) {
        guard isAlive, let planned = plannedPurchase else { return (.result(.userCancelled), false) }
        guard planned.product == productID else {
            if fault == nil {
                fault = "asked to buy \(planned.product), the app called Product.purchase() for \(productID)"
            }
            return (.result(.userCancelled), false)
        }
        plannedPurchase = nil
        switch planned.result {
        case .success:
            guard let delivery = planned.delivery else { return (.failure, true) }
            return (.result(.success(verification(delivery))), true)
        case .userCancelled: return (.result(.userCancelled), true)
        case .pending: return (.result(.pending), true)
        case .failed: return (.failure, true)
        }
    }

    // MARK: Queries

    /// The known products among `ids`, in the catalog's order: the same whatever order the
    /// app's collection has (a `Set` or a dictionary's keys iterate in the process's hash order).
    func products(for ids: [String]) -> [Product] {
        let wanted = Set(ids)
        return context.views.catalog.products.compactMap { wanted.contains($0.id) ? products[$0.id] : nil }
    }

    /// A query sequence's elements now.
    func snapshot(_ source: Transaction.Transactions.Source) -> [VerificationResult<Transaction>] {
        guard isAlive else { return [] }
        let views = context.views
        let deliveries: [Delivery]
        switch source {
        case .updates: deliveries = []
        case .entitlements(nil): deliveries = views.currentEntitlements
        case .entitlements(let productID?):
            deliveries = views.currentEntitlements.filter { $0.transaction.productID == productID }
        case .unfinished: deliveries = views.unfinished.filter { !finishedIDs.contains($0.transaction.id) }
        case .all: deliveries = views.all
        }
        return deliveries.map(verification)
    }

    func latest(for productID: String) -> VerificationResult<Transaction>? {
        guard isAlive else { return nil }
        return context.views.latest(for: productID).map(verification)
    }

    func isEligibleForIntroOffer(group: String) -> Bool {
        isAlive && context.views.isEligibleForIntroOffer(group: group)
    }
}
