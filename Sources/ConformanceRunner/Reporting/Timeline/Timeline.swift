import PurchaseStateMachine

/// A failing (or passing) history laid out on the store clock: the events in report order,
/// one lane per product or subscription group with its periods, and per event what the model
/// expected against what the app reported. `TimelineHTML` draws it.
///
/// Positions are in *slots*: event `i` (0-based) owns the slot `[i, i + 1)`. An instantaneous
/// event's slot holds the state after it; an `advanceTime` slot maps its span of store time
/// linearly onto the slot, so a renewal or a grace end inside it lands where it happened.
public struct Timeline: Hashable, Sendable {
    /// The headline, such as "✘ refunded-never-entitled failed after event 2 of 2".
    public var verdict: String
    /// The rule the failing check stands for, when it is a built-in check.
    public var rule: String?
    /// The subject replayed.
    public var subject: String
    /// Every event of the history, numbered as the text report numbers them.
    public var events: [TimelineEvent]
    /// The 0-based index of the event after which the checks failed, or nil (passed, or a launch failure).
    public var divergedAt: Int?
    /// The lanes, in catalog order.
    public var lanes: [TimelineLane]
    /// Rows compared after each event: entitlements (expected, reported), balances and the device clock.
    public var rows: [TimelineRow]
    /// The text report, shown under the picture.
    public var report: String
}
