extension Instant {
    /// From this instant on, a model checks after each event that no date it derived (an
    /// expiration, a grace end, a deadline) passed `latestSupported`: a date is at most a few
    /// hundred years past the clock (durations are at most 100 years), so earlier histories
    /// cannot reach it and pay nothing for the check.
    static let writableGuardStart = Instant(secondsSinceEpoch: latestSupported.secondsSinceEpoch - 300 * 366 * 86_400)

    /// The reason a model gives for refusing an event that would derive `date`, the `what` of
    /// its state, past `latestSupported` (a date a history file could not write back).
    static func pastSupportedReason(_ what: String, _ date: Instant) -> String {
        "it would set \(what) to \(date.iso8601), past \(latestSupported.iso8601), the last instant a history can write"
    }
}
