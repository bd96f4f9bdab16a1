import PurchaseStateMachine

/// What a recorded Play replay keeps of one event for its timeline picture: the store time it
/// spanned, the status of each product's newest purchase token, and what the model expected and
/// the subject reported after it.
struct PlayStepSample: Sendable {
    /// The store clock before the event.
    var start: Instant
    /// The store clock after it.
    var end: Instant
    /// Per product of the catalog, in catalog order, the status of its newest token (nil: none yet).
    var statuses: [(product: String, status: PlayTokenStatus?)]
    /// The permanent products the model expected the subject to grant.
    var expected: [String]
    /// The units of each consumable the model expected credited (the first accepted value), in policy order.
    var balances: [(product: String, units: Int)]
    /// What the subject reported, nil when the event failed before it was asked.
    var observed: ObservedState?
}
