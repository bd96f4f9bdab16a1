import PurchaseStateMachine

/// Everything a check sees after one event: the model, what it expects, what the subject said.
public struct CheckInput: Sendable {
    /// The 0-based index of the event just applied.
    public let eventIndex: Int
    /// The event just applied.
    public let event: Event
    /// The model after the event (and after the subject's `finish()` calls).
    public let model: StoreModel
    /// The app policy in force.
    public let policy: AppPolicy
    /// Why each product is or is not entitled, in catalog order.
    public let statuses: [EntitlementStatus]
    /// What a correct app reports now.
    public let expected: ExpectedState
    /// What the subject reported after this event.
    public let observed: ObservedState
    /// What the subject reported after the previous event (nil after the first).
    public let previousObserved: ObservedState?
    /// The transactions delivered to the app during this event (each once).
    public let delivered: [Delivery]
    /// With a skewed device clock: what the subject would report with the true clock.
    public let observedWithTrueClock: ObservedState?
    /// Every app action so far, oldest first, with the subject's result.
    public let actions: [AppActionRecord]
    /// The reported grants against the expected ones, computed once for every check.
    public let comparison: EntitlementComparison

    /// Gathers one event's input and compares the reported grants with the expected ones.
    init(
        eventIndex: Int, event: Event, model: StoreModel, policy: AppPolicy, statuses: [EntitlementStatus],
        expected: ExpectedState, observed: ObservedState, previousObserved: ObservedState?, delivered: [Delivery],
        observedWithTrueClock: ObservedState?, actions: [AppActionRecord]
    ) {
        self.eventIndex = eventIndex
        self.event = event
        self.model = model
        self.policy = policy
        self.statuses = statuses
        self.expected = expected
        self.observed = observed
        self.previousObserved = previousObserved
        self.delivered = delivered
        self.observedWithTrueClock = observedWithTrueClock
        self.actions = actions
        comparison = EntitlementComparison(observed: observed.entitled, expected: expected.entitled, catalog: model.catalog)
    }
}
