import PurchaseStateMachine

/// One product, or one subscription group, with its tracks.
public struct TimelineLane: Hashable, Sendable {
    /// The product id, or the group id.
    public var id: String
    /// What it is: "subscription group", "non-consumable", "non-renewing", "consumable"; on Google Play "subscription" or "one-time product".
    public var kindLabel: String
    /// The products the lane covers (one, or every member of a group that is involved).
    public var products: [String]
    /// The tracks that have something to show (at least one).
    public var tracks: [TimelineTrack]
}
