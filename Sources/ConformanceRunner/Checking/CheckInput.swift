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
}

/// One `appAction` event and what the subject answered.
public struct AppActionRecord: Hashable, Sendable {
    /// The event's index.
    public let eventIndex: Int
    /// The action's name.
    public let name: String
    /// The action's value, if any.
    public let value: JSONValue?
    /// The subject's result.
    public let result: JSONValue?
    /// The true time of the action.
    public let serverNow: Instant
    /// The device clock at the action.
    public let deviceNow: Instant
    /// The products the model says were entitled at the action.
    public let entitled: [String]
}

/// A check written by the user over the observed state, such as a free-tier quota.
///
/// ```swift
/// let quota = CustomCheck(id: "free-tier-quota", rule: "A free user gets at most 3 analyses a day") { input in
///     … return nil when the rule holds, or a Discrepancy
/// }
/// ```
public struct CustomCheck: Sendable {
    /// The check's name.
    public let id: CheckID
    /// The rule, in one sentence.
    public let rule: String
    /// Returns a discrepancy when the rule is broken after this event, nil when it holds.
    public let evaluate: @Sendable (CheckInput) -> Discrepancy?

    /// Creates a custom check.
    public init(id: CheckID, rule: String, evaluate: @escaping @Sendable (CheckInput) -> Discrepancy?) {
        self.id = id
        self.rule = rule
        self.evaluate = evaluate
    }
}
