import ConformanceRunner
import PurchaseStateMachine

/// A store class written against StoreKit 2, checked as a `PurchaseSubject`: the runner's
/// messages become StoreKit events, and every task the app starts runs under a deterministic
/// scheduler whose choices come from the history.
///
/// - `launch` creates the store with `App.launch(on:)`; the launch's unfinished transactions
///   are delivered on `Transaction.updates` once the app iterates it.
/// - `purchaseResult` runs `App.buy`; the store's `Product.purchase()` returns the result.
/// - `update` emits the delivery on `Transaction.updates`.
/// - `restore` and `appAction` run `App.restore` and `App.perform`.
/// - `terminate` kills the app: its tasks are cancelled and unwound, its store dropped.
/// - `query` lets timers that fell due fire (the app ran meanwhile), then reads `App.observe`.
///
/// After each message the app runs until no work is runnable, then the reply lists the
/// transactions it finished. An app that keeps scheduling work past `Options.jobLimit` jobs is a
/// `subject-responds` fault. Histories may run in parallel on different threads.
public struct StoreKitSubject<App: StoreKitApp>: PurchaseSubject {
    /// Limits of one simulated app.
    public struct Options: Hashable, Sendable {
        /// The most jobs one message may run before the app counts as never quiescent.
        public var jobLimit: Int
        /// The most jobs a terminated app may run while its cancelled tasks unwind.
        public var shutdownJobLimit: Int

        /// Creates options; by default 10,000 jobs per message and per shutdown.
        public init(jobLimit: Int = 10_000, shutdownJobLimit: Int = 10_000) {
            self.jobLimit = jobLimit
            self.shutdownJobLimit = shutdownJobLimit
        }
    }

    let host: AppHost<App>

    /// `start`: a new customer on a new device; the app is not running yet.
    public init(catalog: Catalog, context: SubjectContext) throws {
        self.init(catalog: catalog, context: context, options: Options())
    }

    /// `start` with explicit limits.
    public init(catalog: Catalog, context: SubjectContext, options: Options) {
        host = AppHost(catalog: catalog, context: context, options: options)
    }

    /// A factory for `Conformance.run(named:…factory:)` and `Campaign`, with explicit limits.
    public static func factory(options: Options = Options()) -> SubjectFactory<StoreKitSubject<App>> {
        { catalog, context in StoreKitSubject(catalog: catalog, context: context, options: options) }
    }

    /// `launch`: creates the store; the launch's unfinished transactions wait for its listener.
    public mutating func launch(unfinished: [Delivery], context: SubjectContext) throws -> [UInt64] {
        try host.launch(unfinished: unfinished, context: context)
    }

    /// `terminate`: kills the app — cancels its tasks, lets them unwind, drops the store.
    public mutating func terminate() {
        host.terminate()
    }

    /// `purchaseResult`: runs `App.buy`, whose `Product.purchase()` returns the message's result.
    public mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) throws -> [UInt64] {
        try host.purchaseResult(product: product, result: result, delivery: delivery, context: context)
    }

    /// `update`: emits the delivery on `Transaction.updates`.
    public mutating func update(_ delivery: Delivery, context: SubjectContext) throws -> [UInt64] {
        try host.update(delivery, context: context)
    }

    /// `restore`: runs `App.restore`, whose `AppStore.sync()` returns.
    public mutating func restore(context: SubjectContext) throws -> [UInt64] {
        try host.restore(context: context)
    }

    /// `appAction`: runs `App.perform` and replies with its result.
    public mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome {
        try host.appAction(name: name, value: value, context: context)
    }

    /// `query`: lets timers that fell due fire, then reads `App.observe`.
    public func query(context: SubjectContext) throws -> ObservedState {
        try host.query(context: context)
    }

    /// `end`: shuts the app down as `terminate` does.
    public mutating func end() {
        host.end()
    }
}
