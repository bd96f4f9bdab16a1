import PurchaseStateMachine

/// Purchase logic for Google Play under test, driven message by message: what `PurchaseSubject`
/// is for the App Store, and the Swift form of `purchase-subject/1`'s Google Play messages.
///
/// A subject is created anew for every history (a new customer on a new device), then told
/// that its billing connection came up (`connected(.launch, …)` with `queryPurchasesAsync`'s
/// answer). After every event the runner sends what Google Play delivers — listener calls,
/// connection queries, and for subjects with a backend RTDNs and then a reconciliation
/// `tick` — and finally a `query`, whose answer is checked against the model. Handlers return
/// the acknowledgements and consumptions the app makes (`PlayReply`); Google applies them at
/// once. A subject that sets `wantsBillingResponses` then hears Google's answer to each one
/// (`billingResponse`, the `onAcknowledgePurchaseResponse` / `onConsumeResponse` callback) and
/// may answer with more calls, such as a retry. Throwing reports a fault of the subject itself
/// (`subject-responds`).
public protocol PlaySubject: SendableMetatype {
    /// `start`: a new customer on a new device; forget everything, persisted state included.
    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) throws

    /// The billing connection came up (at launch or on resume) and `queryPurchasesAsync` returned `purchases`.
    mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply]

    /// `onPurchasesUpdated(result, purchases)`.
    mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply]

    /// The process is terminated: drop in-memory state, keep what the app persists.
    mutating func terminate()

    /// Whether the subject has a backend that receives RTDNs (then it is held to the true state).
    var wantsNotifications: Bool { get }

    /// One real-time developer notification; `context.server(token:)` answers the Developer API.
    mutating func notification(_ notification: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply]

    /// (Backends) the periodic reconciliation job, run after every event: RTDNs may come late or
    /// never (V-RTDN-DELAY / LOSS), so a correct backend re-reads the tokens it knows of here.
    mutating func tick(context: PlaySubjectContext) throws -> [PlayReply]

    /// What the app grants now: entitled products and consumable balances. Must not change state.
    func query(context: PlaySubjectContext) throws -> ObservedState

    /// Whether the subject hears Google's answers to its calls (`billingResponse`).
    ///
    /// Only such a subject meets V-REPLY-TRANSIENT's passing faults: one that cannot hear an
    /// answer could not know that its call did nothing.
    var wantsBillingResponses: Bool { get }

    /// Google answered `reply` with `result` (§2.2, §4, §5); returns further calls, such as a retry.
    ///
    /// Called once per call the subject made, right after Google applied it, and only when
    /// `wantsBillingResponses` is true. The calls returned are applied and answered the same way.
    mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply]
}

extension PlaySubject {
    /// By default an app keeps nothing in memory that a relaunch would lose.
    public mutating func terminate() {}
    /// By default a subject is an app without a backend.
    public var wantsNotifications: Bool { false }
    /// By default notifications are ignored.
    public mutating func notification(_ notification: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] { [] }
    /// By default the reconciliation tick does nothing.
    public mutating func tick(context: PlaySubjectContext) throws -> [PlayReply] { [] }
    /// By default a subject does not listen for Google's answers, as before `billingResponse` existed.
    public var wantsBillingResponses: Bool { false }
    /// By default an answer asks for nothing more.
    public mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] { [] }
}

/// What a Play subject may read besides its messages: Google's clock and the Developer API.
public struct PlaySubjectContext: Sendable {
    let model: PlayModel

    /// Google's clock (the device clock plays no part, §11).
    public var now: Instant { model.now }

    /// `purchases.subscriptionsv2.get` or `purchases.products.get` for `token` (§10), nil if unknown.
    public func server(token: String) -> JSONValue? { model.serverView(of: token) }

    /// `purchases.voidedpurchases.list` now (§8): voids recorded in the last 30 days; one-time
    /// products only unless `includeSubscriptions` (`type = 1`); quantity-based partial refunds, with
    /// `voidedQuantity`, only with `includeQuantityBasedPartialRefund` (§5).
    public func voidedPurchases(includeSubscriptions: Bool = false, includeQuantityBasedPartialRefund: Bool = false) -> [PlayVoidedPurchase] {
        model.voidedPurchases(includeSubscriptions: includeSubscriptions, includeQuantityBasedPartialRefund: includeQuantityBasedPartialRefund)
    }
}

/// Builds a Play subject for each new customer.
public typealias PlaySubjectFactory<S> = @Sendable (PlayCatalog, PlayPolicy, PlaySubjectContext) throws -> S
