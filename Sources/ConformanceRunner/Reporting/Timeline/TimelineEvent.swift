import PurchaseStateMachine

/// One event of a timeline.
public struct TimelineEvent: Hashable, Sendable {
    /// The 1-based number the text report gives it.
    public var number: Int
    /// The event in its compact spelling.
    public var text: String
    /// The event's kind as files spell it (an App Store `EventKind` or a Google Play `PlayEventKind`).
    public var kind: String
    /// The store clock before the event.
    public var start: Instant
    /// The store clock after the event (later than `start` only for `advanceTime`).
    public var end: Instant
    /// Whether the event ran (a replay stops at the first failure).
    public var ran: Bool
    /// The checks that failed after it (empty when every check held).
    public var failedChecks: [String]
}
