/// The name of a check, such as `refunded-never-entitled`: what reports, files and flags use.
public struct CheckID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The check's name.
    public let rawValue: String
    /// The built-in check's position in `CheckDescription.builtIn`, or -1 for a custom check.
    let builtInIndex: Int

    /// Wraps a check name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        builtInIndex = CheckDescription.builtInIndex(rawValue) ?? -1
    }

    public init(stringLiteral value: String) { self.init(value) }

    public static func == (lhs: CheckID, rhs: CheckID) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { rawValue }
    public static func < (lhs: CheckID, rhs: CheckID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The subject answers every message in time, in form, without crashing.
    public static let subjectResponds: CheckID = "subject-responds"
    /// A transaction that failed verification never unlocks anything.
    public static let unverifiedNeverEntitled: CheckID = "unverified-never-entitled"
    /// A refunded or revoked purchase never unlocks anything.
    public static let refundedNeverEntitled: CheckID = "refunded-never-entitled"
    /// An Ask to Buy request waiting for a parent unlocks nothing.
    public static let pendingNotEntitled: CheckID = "pending-not-entitled"
    /// An expired subscription (or one in billing retry after grace) unlocks nothing.
    public static let expiredNeverEntitled: CheckID = "expired-never-entitled"
    /// A subscription in its billing grace period keeps its service.
    public static let gracePeriodEntitled: CheckID = "grace-period-entitled"
    /// At most one level of a subscription group is unlocked: the highest.
    public static let oneLevelPerGroup: CheckID = "one-level-per-group"
    /// What the app unlocks does not depend on the device clock.
    public static let clockSkewSafe: CheckID = "clock-skew-safe"
    /// Restoring purchases changes nothing the app grants.
    public static let restoreIdempotent: CheckID = "restore-idempotent"
    /// Each consumable transaction is credited exactly once.
    public static let consumableCreditedOnce: CheckID = "consumable-credited-once"
    /// Every verified transaction handed to the app is finished before the event ends.
    public static let finishAlwaysCalled: CheckID = "finish-always-called"
    /// The app unlocks exactly what the model says a correct app unlocks.
    public static let entitlementsMatch: CheckID = "entitlements-match"
}
