import ConformanceRunner
import Foundation
import PurchaseStateMachine

/// Hosts one simulated app for one history: its scheduler, its device, its current store.
final class AppHost<App: StoreKitApp>: @unchecked Sendable {
    let scheduler = Scheduler()
    let device: SimulatedDevice
    private let products: [String: Product]
    private let options: StoreKitSubject<App>.Options
    private let start: Instant
    private var store: App.Store?
    /// What the app finished at its last query before it was terminated (a query has no reply):
    /// reported with the next launch, whose deliveries leave them out.
    private var finishedBeforeTermination: [UInt64] = []
    private var ended = false
    /// The store's clock, measured from the history's start, as of the current message.
    private var storeElapsed = Duration.zero

    init(catalog: Catalog, context: SubjectContext, options: StoreKitSubject<App>.Options) {
        products = CatalogProducts.products(of: catalog)
        self.options = options
        start = context.serverNow
        device = SimulatedDevice()
        device.setNow(ModelConversion.date(context.deviceNow))
    }

    deinit {
        if !ended { shutDown() }
    }

    func launch(unfinished: [Delivery], context: SubjectContext) throws(SubjectError) -> [UInt64] {
        try handle(context) { () throws(SubjectError) -> [UInt64] in
            let carried = finishedBeforeTermination
            finishedBeforeTermination = []
            let session = StoreSession(
                scheduler: scheduler, products: products, context: context,
                launchDeliveries: unfinished.filter { !carried.contains($0.transaction.id) })
            for id in carried { session.finish(id) }
            session.appVersion = App.appVersion
            session.appFirstLaunch = ModelConversion.date(start)
            scheduler.session = session
            self.device.defaults.acceptsWrites = true
            let device = Unchecked(self.device)
            let outcome = spawn { await App.launch(on: device.value) }
            try run(context, "launch")
            guard case .success(let store)? = outcome.result else {
                throw SubjectError(
                    "the app did not finish launching: App.launch(on:) still waits for something that never happens")
            }
            self.store = store
            guard LaunchedStores.recordFresh(store) else { throw SubjectError(LaunchedStores.singletonFault) }
            return try reply(session)
        }
    }

    func terminate() {
        guard !ended else { return }
        shutDown()
    }

    func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) throws(SubjectError) -> [UInt64] {
        try handle(context, stages: true) { () throws(SubjectError) -> [UInt64] in
            let (store, session) = try running("purchaseResult")
            session.plannedPurchase = StoreSession.PlannedPurchase(product: product, result: result, delivery: delivery)
            let outcome = spawn { try await App.buy(product, in: store.value) }
            try run(context, "purchaseResult(\(product))")
            guard outcome.result != nil else {
                throw SubjectError("App.buy(\"\(product)\") did not return: it waits for something that never happens")
            }
            if session.plannedPurchase != nil, session.fault == nil {
                session.fault = "App.buy(\"\(product)\") returned without calling Product.purchase() for \(product)"
            }
            session.plannedPurchase = nil
            return try reply(session)
        }
    }

    func update(_ delivery: Delivery, context: SubjectContext) throws(SubjectError) -> [UInt64] {
        try handle(context, stages: true) { () throws(SubjectError) -> [UInt64] in
            let (_, session) = try running("update")
            session.deliver(delivery)
            try run(context, "update(#\(delivery.transaction.id))")
            return try reply(session)
        }
    }

    func restore(context: SubjectContext) throws(SubjectError) -> [UInt64] {
        try handle(context, stages: true) { () throws(SubjectError) -> [UInt64] in
            let (store, session) = try running("restore")
            let outcome = spawn { try await App.restore(in: store.value) }
            try run(context, "restore")
            guard outcome.result != nil else {
                throw SubjectError("App.restore(in:) did not return: it waits for something that never happens")
            }
            return try reply(session)
        }
    }

    func appAction(name: String, value: JSONValue?, context: SubjectContext) throws(SubjectError) -> ActionOutcome {
        try handle(context) { () throws(SubjectError) -> ActionOutcome in
            let (store, session) = try running("appAction")
            let device = Unchecked(self.device)
            let outcome = spawn { try await App.perform(name, value: value, in: store.value, on: device.value) }
            try run(context, "appAction(\(name))")
            guard let result = outcome.result else {
                throw SubjectError("App.perform(\"\(name)\") did not return: it waits for something that never happens")
            }
            let finished = try reply(session)
            return ActionOutcome(finished: finished, result: (try? result.get()) ?? nil)
        }
    }

    func query(context: SubjectContext) throws(SubjectError) -> ObservedState {
        try handle(context) { () throws(SubjectError) -> ObservedState in
            try run(context, "timers falling due before query")
            guard let store else { return ObservedState(entitled: []) }
            let box = Unchecked(store)
            let device = Unchecked(self.device)
            let active = spawn { await App.becomeActive(box.value, on: device.value) }
            try run(context, "becomeActive before query")
            guard active.result != nil else {
                throw SubjectError("App.becomeActive(_:on:) did not return: it waits for something that never happens")
            }
            return MainActor.assumeIsolated { App.observe(box.value, on: device.value) }
        }
    }

    func end() {
        guard !ended else { return }
        shutDown()
        ended = true
    }

    // MARK: Helpers

    /// Runs `body` with the scheduler driving this thread. The app sees `context` at once, or —
    /// when the message `stages` it — once the App Store acts on the event (and at the latest
    /// when the message has been handled).
    private func handle<T>(_ context: SubjectContext, stages: Bool = false, _ body: () throws(SubjectError) -> T)
        throws(SubjectError) -> T
    {
        try scheduler.drive { () throws(SubjectError) -> T in
            if stages { scheduler.session?.stage(context) } else { scheduler.session?.update(context) }
            defer { scheduler.session?.reveal() }
            device.setNow(ModelConversion.date(context.deviceNow))
            storeElapsed = Duration.seconds(start.seconds(to: context.serverNow))
            scheduler.virtualNow = max(scheduler.virtualNow, storeElapsed)
            return try body()
        }
    }

    /// The running app's store and session, or a fault naming `message`.
    private func running(_ message: String) throws(SubjectError) -> (Unchecked<App.Store>, StoreSession) {
        guard let store, let session = scheduler.session, session.isAlive else {
            throw SubjectError("\(message) arrived while the app was not running")
        }
        return (Unchecked(store), session)
    }

    /// Runs the app until it is quiescent, letting its timers move up to one virtual second past
    /// the store's clock: an app runs for at most a second between two store events.
    private func run(_ context: SubjectContext, _ message: String) throws(SubjectError) {
        try scheduler.runUntilQuiescent(
            decisions: context.decisions, horizon: storeElapsed + .seconds(1), limit: options.jobLimit, while: message)
    }

    /// The transactions finished while handling the message, or the fault the app committed.
    private func reply(_ session: StoreSession) throws(SubjectError) -> [UInt64] {
        if let fault = session.fault {
            session.fault = nil
            throw SubjectError(fault)
        }
        if scheduler.foreignEnqueues > 0 {
            throw SubjectError(
                "\(scheduler.foreignEnqueues) jobs were resumed from threads the scheduler does not drive "
                    + "(Dispatch, Thread or Foundation timers): their order cannot be controlled")
        }
        return session.takeFinished()
    }

    /// Starts `work` as a main-actor task of the app and returns where its outcome will appear.
    private func spawn<T>(_ work: @escaping @MainActor @Sendable () async throws -> T) -> Outcome<T> {
        let outcome = Outcome<T>()
        Task { @MainActor in
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
        }
        return outcome
    }

    private func shutDown() {
        scheduler.drive {
            if let session = scheduler.session, session.isAlive { finishedBeforeTermination += session.takeFinished() }
            scheduler.session?.kill()
            device.defaults.acceptsWrites = false
            store = nil
            scheduler.shutDown(limit: options.shutdownJobLimit)
        }
    }
}
