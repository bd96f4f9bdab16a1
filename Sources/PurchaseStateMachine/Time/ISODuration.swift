/// An ISO 8601 duration such as `P1M`, `P1W`, `P3D` or `PT6H`, kept as calendar components.
///
/// Years and months are calendar units in UTC, as the App Store renews: one month after
/// January 31 is February 28 (or 29). Weeks, days, hours, minutes and seconds are exact.
/// A duration may be negative as a whole (`-P1D`), which only the device clock uses.
public struct ISODuration: Hashable, Sendable {
    /// Calendar years.
    public var years: Int
    /// Calendar months.
    public var months: Int
    /// Weeks of seven days.
    public var weeks: Int
    /// Days of 24 hours.
    public var days: Int
    /// Hours.
    public var hours: Int
    /// Minutes.
    public var minutes: Int
    /// Seconds.
    public var seconds: Int
    /// Whether the whole duration points backwards (`-P1D`).
    public var isNegative: Bool

    /// Creates a duration from components; every component must be non-negative.
    public init(
        years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0,
        hours: Int = 0, minutes: Int = 0, seconds: Int = 0, isNegative: Bool = false
    ) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.isNegative = isNegative
    }

    /// A duration of `count` whole days.
    public static func days(_ count: Int) -> ISODuration { ISODuration(days: count) }

    /// The zero duration, `P0D`.
    public static let zero = ISODuration()

    /// Whether every component is zero.
    public var isZero: Bool {
        years == 0 && months == 0 && weeks == 0 && days == 0 && hours == 0 && minutes == 0 && seconds == 0
    }

    /// Calendar months in the duration (years count twelve).
    ///
    /// Saturates at `Int.max` instead of overflowing; durations within the supported range
    /// (`isWithinSupportedRange`) are far from it.
    public var totalMonths: Int { saturatingSum([(years, 12), (months, 1)]) }

    /// Exact seconds in the duration's week, day and time components (months excluded).
    ///
    /// Saturates instead of overflowing, as `totalMonths` does.
    public var exactSeconds: Int64 {
        Int64(saturatingSum([(weeks, 604_800), (days, 86_400), (hours, 3600), (minutes, 60), (seconds, 1)]))
    }

    /// Whether two durations are the same length on every calendar (`P1Y` == `P12M`, `P1W` == `P7D`).
    public func hasSameLength(as other: ISODuration) -> Bool {
        isNegative == other.isNegative && totalMonths == other.totalMonths
            && exactSeconds == other.exactSeconds
    }

    /// The duration repeated `count` times (component by component).
    ///
    /// Each component saturates at `Int.max` instead of overflowing (such a duration is out of
    /// the supported range, which callers check).
    public func times(_ count: Int) -> ISODuration {
        func scaled(_ component: Int) -> Int { saturatingSum([(component, count)]) }
        return ISODuration(
            years: scaled(years), months: scaled(months), weeks: scaled(weeks), days: scaled(days),
            hours: scaled(hours), minutes: scaled(minutes), seconds: scaled(seconds),
            isNegative: isNegative)
    }

    /// A rough length in seconds (a month counts 30 days), for ordering and weighting only.
    public var approximateSeconds: Int64 {
        let magnitude = Int64(saturatingSum([(totalMonths, 2_592_000), (Int(exactSeconds), 1)]))
        return isNegative ? -magnitude : magnitude
    }
}

/// The sum of `value × factor` over `terms`, saturating at `Int.max` / `Int.min` instead of trapping.
func saturatingSum(_ terms: [(value: Int, factor: Int)]) -> Int {
    var total = 0
    for term in terms {
        let (product, overflow) = term.value.multipliedReportingOverflow(by: term.factor)
        if overflow { return (term.value < 0) != (term.factor < 0) ? Int.min : Int.max }
        let (sum, sumOverflow) = total.addingReportingOverflow(product)
        if sumOverflow { return product < 0 ? Int.min : Int.max }
        total = sum
    }
    return total
}

extension Instant {
    /// The instant `duration` later on the UTC calendar (earlier for a negative duration).
    ///
    /// Months and years are added first, clamping the day to the end of a shorter month,
    /// then the exact components. Never traps: a result beyond the representable range
    /// saturates (callers compare with `Instant.latestSupported` and reject).
    public func adding(_ duration: ISODuration) -> Instant {
        let sign: Int = duration.isNegative ? -1 : 1
        var result = self
        let months = saturatingSum([(duration.totalMonths, sign)])
        if months != 0 {
            var c = civil
            let total = saturatingSum([(c.year, 12), (c.month - 1, 1), (months, 1)])
            // Beyond ±2^40 months the result is outside every supported date: saturate.
            guard total.magnitude < 1 << 40 else { return total < 0 ? .earliestRepresentable : .latestRepresentable }
            c.year = total >= 0 ? total / 12 : (total - 11) / 12
            c.month = total - c.year * 12 + 1
            c.day = min(c.day, CivilDate.daysInMonth(year: c.year, month: c.month))
            result = Instant(c)
        }
        return result.adding(seconds: duration.exactSeconds * Int64(sign))
    }
}
