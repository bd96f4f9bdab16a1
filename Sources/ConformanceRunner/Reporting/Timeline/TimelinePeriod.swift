import PurchaseStateMachine

/// A stretch of one track during which its state did not change.
public struct TimelinePeriod: Hashable, Sendable {
    /// The state.
    public var kind: PeriodKind
    /// The product it concerns (a group's lane changes product on an upgrade).
    public var product: String
    /// Where it starts, in slots.
    public var from: Double
    /// Where it ends, in slots.
    public var to: Double
    /// The store time it starts.
    public var start: Instant
    /// The store time it ends.
    public var end: Instant
}
