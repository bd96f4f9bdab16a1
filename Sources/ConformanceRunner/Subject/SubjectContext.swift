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
