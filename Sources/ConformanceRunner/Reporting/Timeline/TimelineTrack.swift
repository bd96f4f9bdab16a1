import PurchaseStateMachine

/// One sub-row of a lane: the customer's own state, the family's, or Ask to Buy requests.
public struct TimelineTrack: Hashable, Sendable {
    /// "own", "family" or "ask to buy"; on Google Play "newest token".
    public var name: String
    /// The periods, left to right.
    public var periods: [TimelinePeriod]
    /// Point events (consumable purchases).
    public var marks: [TimelineMark]
}
