import PurchaseStateMachine

/// When a message is sent, and what the app would read from StoreKit at that moment.
public struct SubjectContext: Sendable {
    /// The true time, as a server would know it.
    public let serverNow: Instant
    /// The device clock, which a `setDeviceClock` event can move away from the true time.
    public let deviceNow: Instant
    /// What StoreKit shows right now, after the store applied the event.
    public let views: StoreViews
    /// Where an asynchronous subject's scheduler gets its decisions (synchronous subjects ignore it).
    package let decisions: ScheduleDecisions

    /// Creates a context from the model's current state.
    public init(model: StoreModel) {
        self.init(model: model, decisions: .firstReady())
    }

    /// Creates a context from the model's current state whose scheduler takes `decisions`.
    package init(model: StoreModel, decisions: ScheduleDecisions) {
        serverNow = model.state.now
        deviceNow = model.state.deviceNow
        views = StoreViews(model: model)
        self.decisions = decisions
    }

    /// Creates a context for a moment earlier in the event (a midnight tick): the clocks read
    /// `serverNow` (and the device its usual offset from it).
    package init(model: StoreModel, decisions: ScheduleDecisions, serverNow: Instant) {
        self.serverNow = serverNow
        deviceNow = serverNow.adding(model.state.deviceClockOffset)
        views = StoreViews(model: model)
        self.decisions = decisions
    }
}

/// What an app reads from StoreKit: `currentEntitlements`, `unfinished`, subscription statuses.
///
/// Computed on first use from a snapshot of the store, so a subject that never looks pays nothing.
public struct StoreViews: Sendable {
    let model: StoreModel

    /// Wraps a snapshot of `model`.
    public init(model: StoreModel) { self.model = model }

    /// `Transaction.currentEntitlements`.
    public var currentEntitlements: [Delivery] { model.currentEntitlements }
    /// `Transaction.unfinished`.
    public var unfinished: [Delivery] { model.unfinishedDeliveries }
    /// `Transaction.all`.
    public var all: [Delivery] { model.allTransactions }
    /// `Product.SubscriptionInfo.status`, per subscription group that ever had a subscription.
    public var statuses: [GroupStatuses] { model.statuses }
    /// `Transaction.latest(for:)`.
    public func latest(for productID: String) -> Delivery? { model.latestTransaction(for: productID) }
    /// `Product.SubscriptionInfo.isEligibleForIntroOffer(for:)`.
    public func isEligibleForIntroOffer(group: String) -> Bool { model.isEligibleForIntroOffer(group: group) }
    /// The legacy `verifyReceipt` answer for the customer now (§9.1), for receipt-era code.
    public var legacyReceipt: JSONValue { model.legacyReceipt() }
    /// The catalog, as `Product.products(for:)` would load it.
    public var catalog: Catalog { model.catalog }
}
