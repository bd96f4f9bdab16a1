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
    public var totalMonths: Int { years * 12 + months }

    /// Exact seconds in the duration's week, day and time components (months excluded).
    public var exactSeconds: Int64 {
        Int64(weeks) * 604_800 + Int64(days) * 86_400 + Int64(hours) * 3600 + Int64(minutes) * 60
            + Int64(seconds)
    }

    /// Whether two durations are the same length on every calendar (`P1Y` == `P12M`, `P1W` == `P7D`).
    public func hasSameLength(as other: ISODuration) -> Bool {
        isNegative == other.isNegative && totalMonths == other.totalMonths
            && exactSeconds == other.exactSeconds
    }

    /// The duration repeated `count` times (component by component).
    public func times(_ count: Int) -> ISODuration {
        ISODuration(
            years: years * count, months: months * count, weeks: weeks * count, days: days * count,
            hours: hours * count, minutes: minutes * count, seconds: seconds * count,
            isNegative: isNegative)
    }

    /// A rough length in seconds (a month counts 30 days), for ordering and weighting only.
    public var approximateSeconds: Int64 {
        let magnitude = Int64(totalMonths) * 2_592_000 + exactSeconds
        return isNegative ? -magnitude : magnitude
    }
}

extension Instant {
    /// The instant `duration` later on the UTC calendar (earlier for a negative duration).
    ///
    /// Months and years are added first, clamping the day to the end of a shorter month,
    /// then the exact components.
    public func adding(_ duration: ISODuration) -> Instant {
        let sign: Int = duration.isNegative ? -1 : 1
        var result = self
        let months = duration.totalMonths * sign
        if months != 0 {
            var c = civil
            let total = c.year * 12 + (c.month - 1) + months
            c.year = total >= 0 ? total / 12 : (total - 11) / 12
            c.month = total - c.year * 12 + 1
            c.day = min(c.day, CivilDate.daysInMonth(year: c.year, month: c.month))
            result = Instant(c)
        }
        return result.adding(seconds: duration.exactSeconds * Int64(sign))
    }
}
