import PurchaseStateMachine

/// A point on a track: a consumable bought (and maybe refunded).
public struct TimelineMark: Hashable, Sendable {
    /// Where, in slots.
    public var at: Double
    /// What to write beside it, such as "+100 (#3)".
    public var label: String
    /// Whether the transaction is revoked at the end of the timeline.
    public var revoked: Bool
}
