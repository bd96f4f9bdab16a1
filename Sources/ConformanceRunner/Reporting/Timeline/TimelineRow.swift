import PurchaseStateMachine

/// A row of per-event values compared by the checks, or the device clock.
public struct TimelineRow: Hashable, Sendable {
    /// What the row is: entitlements or a balance, expected or reported, or the device clock.
    public enum Role: String, Hashable, Sendable {
        case expected, reported, deviceClock
    }

    /// The row's heading, such as "expected by the model".
    public var title: String
    /// What is compared, such as "entitlements" or "coins balance".
    public var topic: String
    /// The role.
    public var role: Role
    /// One cell per slot that ran; nil where there is nothing to show.
    public var cells: [String?]
    /// Per slot, whether the value differs from its partner row.
    public var differs: [Bool]
}
