extension ISODuration {
    /// The longest duration a history or catalog may hold: 100 years (36,525 days).
    ///
    /// Every period, offer length, non-renewing duration, `advanceTime` span and device clock
    /// offset is at most this long, so that every date the model computes stays far inside the
    /// range of `Int64` seconds and every computation is exact. A month counts as its mean
    /// Gregorian length (30.436875 days) here, so `P100Y`, `P1200M` and `P36525D` are all allowed.
    public static let maximumSeconds: Int64 = 36_525 * 86_400

    /// The mean Gregorian month in seconds, used only to compare lengths with `maximumSeconds`.
    static let meanMonthSeconds: Int64 = 2_629_746

    /// The duration's length in seconds with months at their mean length, or nil when that
    /// overflows (a duration that long is out of range anyway).
    public var checkedMeanSeconds: Int64? {
        var total: Int64 = 0
        let parts: [(Int, Int64)] = [
            (years, 12 * Self.meanMonthSeconds), (months, Self.meanMonthSeconds), (weeks, 604_800),
            (days, 86_400), (hours, 3_600), (minutes, 60), (seconds, 1),
        ]
        for (count, unit) in parts {
            guard count >= 0 else { return nil }
            let (product, overflow) = Int64(count).multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !sumOverflow else { return nil }
            total = sum
        }
        return total
    }

    /// Whether the duration is at most `maximumSeconds` long and no component is negative.
    public var isWithinSupportedRange: Bool {
        guard let length = checkedMeanSeconds else { return false }
        return length <= Self.maximumSeconds
    }

    /// Why the duration is out of the supported range, or nil when it is within it.
    public var rangeProblem: String? {
        isWithinSupportedRange ? nil : "\(iso8601) is longer than the supported maximum of 100 years (P100Y or P36525D)"
    }
}
