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

/// One event of a timeline.
public struct TimelineEvent: Hashable, Sendable {
    /// The 1-based number the text report gives it.
    public var number: Int
    /// The event in its compact spelling.
    public var text: String
    /// The event's kind.
    public var kind: EventKind
    /// The store clock before the event.
    public var start: Instant
    /// The store clock after the event (later than `start` only for `advanceTime`).
    public var end: Instant
    /// Whether the event ran (a replay stops at the first failure).
    public var ran: Bool
    /// The checks that failed after it (empty when every check held).
    public var failedChecks: [String]
}

/// What a lane shows at one moment.
public enum PeriodKind: String, Hashable, Sendable, CaseIterable {
    /// An auto-renewable subscription in its paid (or free-trial) period.
    case subscribed
    /// A non-consumable owned, or a non-renewing subscription running.
    case owned
    /// Billing failed; the App Store keeps service during its grace period.
    case grace
    /// Billing failed and grace is over; the App Store retries, no service.
    case billingRetry
    /// The subscription (or non-renewing period) ended.
    case expired
    /// The App Store refunded or withdrew the transaction.
    case revoked
    /// An Ask to Buy request waits for a parent.
    case pending
    /// A family member shares the product.
    case shared

    /// The words shown for the period.
    public var label: String {
        switch self {
        case .subscribed: return "subscribed"
        case .owned: return "owned"
        case .grace: return "grace period"
        case .billingRetry: return "billing retry"
        case .expired: return "expired"
        case .revoked: return "revoked"
        case .pending: return "pending (Ask to Buy)"
        case .shared: return "shared by family"
        }
    }
}

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

/// A point on a track: a consumable bought (and maybe refunded).
public struct TimelineMark: Hashable, Sendable {
    /// Where, in slots.
    public var at: Double
    /// What to write beside it, such as "+100 (#3)".
    public var label: String
    /// Whether the transaction is revoked at the end of the timeline.
    public var revoked: Bool
}

/// One sub-row of a lane: the customer's own state, the family's, or Ask to Buy requests.
public struct TimelineTrack: Hashable, Sendable {
    /// "own", "family" or "ask to buy".
    public var name: String
    /// The periods, left to right.
    public var periods: [TimelinePeriod]
    /// Point events (consumable purchases).
    public var marks: [TimelineMark]
}

/// One product, or one subscription group, with its tracks.
public struct TimelineLane: Hashable, Sendable {
    /// The product id, or the group id.
    public var id: String
    /// What it is: "subscription group", "non-consumable", "non-renewing", "consumable".
    public var kindLabel: String
    /// The products the lane covers (one, or every member of a group that is involved).
    public var products: [String]
    /// The tracks that have something to show (at least one).
    public var tracks: [TimelineTrack]
}

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
