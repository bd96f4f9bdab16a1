import PurchaseStateMachine

/// The purchase logic under test, driven message by message: the Swift form of `purchase-subject/1`.
///
/// Each method is one message of the protocol and means the same thing. A subject is created
/// anew for every history (`start`: a new customer on a new device, nothing persisted), then
/// launched; after every event the runner sends what the App Store would deliver and finally a
/// `query`, whose answer is checked against the model. Methods that handle a transaction return
/// the ids of the transactions the app *finished* while handling the message. Throwing reports
/// a fault of the subject itself (`subject-responds`).
///
/// ```swift
/// struct MyStore: PurchaseSubject {
///     var owned: Set<String> = []
///     init(catalog: Catalog, context: SubjectContext) {}
///     mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
///         owned = Set(context.views.currentEntitlements.filter(\.verified).map(\.transaction.productID))
///         return unfinished.filter(\.verified).map(\.transaction.id)
///     }
///     // … purchaseResult, update, query
/// }
/// ```
public protocol PurchaseSubject: SendableMetatype {
    /// `start`: a new customer on a new device; forget everything, persisted state included.
    init(catalog: Catalog, context: SubjectContext) throws

    /// `launch`: the app starts; `unfinished` is what `Transaction.updates` hands a launching app.
    mutating func launch(unfinished: [Delivery], context: SubjectContext) throws -> [UInt64]

    /// `terminate`: drop in-memory state, keep what the app persists; a `launch` follows.
    mutating func terminate()

    /// `purchaseResult`: `Product.purchase()` returned `result` (with the transaction on success).
    mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) throws -> [UInt64]

    /// `update`: one element of `Transaction.updates`.
    mutating func update(_ delivery: Delivery, context: SubjectContext) throws -> [UInt64]

    /// `restore`: `AppStore.sync()` finished.
    mutating func restore(context: SubjectContext) throws -> [UInt64]

    /// `appAction`: perform an app-level action such as using a metered feature.
    mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome

    /// `query`: what the app grants now. Must not change the app's state.
    func query(context: SubjectContext) throws -> ObservedState

    /// The optional server channels this subject wants (none for an app).
    var channels: ServerChannels { get }

    /// `notification`: an App Store Server Notification V2 (only with `.notifications`).
    mutating func notification(_ notification: ServerNotification, context: SubjectContext) throws

    /// `tick`: a UTC midnight passed (only with `.ticks`); `receipt` is the legacy
    /// `verifyReceipt` answer when `.receipts` is wanted.
    mutating func tick(receipt: JSONValue?, context: SubjectContext) throws

    /// `end`: the history is over.
    mutating func end()
}

extension PurchaseSubject {
    /// By default an app keeps nothing in memory that a relaunch would lose.
    public mutating func terminate() {}
    /// By default a restore changes nothing and finishes nothing.
    public mutating func restore(context: SubjectContext) throws -> [UInt64] { [] }
    /// By default an app has no app-level actions.
    public mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome {
        ActionOutcome()
    }
    /// By default a subject is an app and wants no server channels.
    public var channels: ServerChannels { [] }
    /// By default notifications are ignored.
    public mutating func notification(_ notification: ServerNotification, context: SubjectContext) throws {}
    /// By default ticks are ignored.
    public mutating func tick(receipt: JSONValue?, context: SubjectContext) throws {}
    /// By default the end of a history needs no work.
    public mutating func end() {}
}
