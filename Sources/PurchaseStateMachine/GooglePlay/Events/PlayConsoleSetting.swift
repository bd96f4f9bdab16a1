/// A Play Console setting the developer changes in the middle of a history (the `console` event).
public enum PlayConsoleSetting: Hashable, Sendable {
    /// The base plans' grace period, in whole days (0 to 30; each plan's grace is clamped to its
    /// period, §6.3 "Durations").
    case graceDays(Int)
    /// Whether subscribers may pause (§6.4); license testers can pause either way.
    case pause(enabled: Bool)
}

extension ISODuration {
    /// The duration in whole days (`P3D`, `P1W`), or nil when it has calendar or clock parts or points backwards.
    var wholeDays: Int? {
        guard !isNegative, years == 0, months == 0, hours == 0, minutes == 0, seconds == 0 else { return nil }
        return weeks * 7 + days
    }
}
