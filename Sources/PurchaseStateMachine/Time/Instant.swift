/// A moment on a clock, in whole seconds since 1970-01-01T00:00:00Z (UTC).
///
/// The model never reads a wall clock: every `Instant` comes from a history's `start`
/// and the durations its events add, so a history replays the same way on every machine.
public struct Instant: Hashable, Comparable, Sendable {
    /// Seconds since the Unix epoch; negative values are before 1970.
    public var secondsSinceEpoch: Int64

    /// Creates the instant that lies `secondsSinceEpoch` seconds after the Unix epoch.
    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// The last instant the store clock may reach, 9999-12-31T23:59:59Z: the last one ISO 8601
    /// writes with a four-digit year, so every instant a history reaches can be written and read back.
    public static let latestSupported = Instant(secondsSinceEpoch: 253_402_300_799)

    /// The default start of a history: 2026-01-01T00:00:00Z.
    public static let defaultStart = Instant(secondsSinceEpoch: 1_767_225_600)

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    /// The earliest instant arithmetic saturates at (about 35 million years before the epoch).
    public static let earliestRepresentable = Instant(secondsSinceEpoch: -(1 << 50))

    /// The latest instant arithmetic saturates at (about 35 million years after the epoch).
    ///
    /// Every date in a valid history lies between 1870 and 10100 (instants within 1970–9999
    /// plus or minus durations of at most 100 years); the saturating bounds only make sure that
    /// no computation on a value outside that range can trap or wrap around.
    public static let latestRepresentable = Instant(secondsSinceEpoch: 1 << 50)

    /// The earliest instant a history may start at: 1970-01-01T00:00:00Z.
    public static let earliestSupported = Instant(secondsSinceEpoch: 0)

    /// The instant `seconds` later (earlier when negative), saturating at the representable range.
    public func adding(seconds: Int64) -> Instant {
        let (sum, overflow) = secondsSinceEpoch.addingReportingOverflow(seconds)
        if overflow { return seconds < 0 ? .earliestRepresentable : .latestRepresentable }
        return Instant(secondsSinceEpoch: min(max(sum, Self.earliestRepresentable.secondsSinceEpoch), Self.latestRepresentable.secondsSinceEpoch))
    }

    /// Whole seconds from `self` to `other` (negative when `other` is earlier).
    public func seconds(to other: Instant) -> Int64 {
        let (difference, overflow) = other.secondsSinceEpoch.subtractingReportingOverflow(secondsSinceEpoch)
        if overflow { return other > self ? Int64.max : Int64.min }
        return difference
    }
}

extension Instant {
    /// The UTC calendar fields of this instant.
    public var civil: CivilTime {
        let (quotient, remainder) = secondsSinceEpoch.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let date = CivilDate(daysSinceEpoch: days)
        return CivilTime(
            year: date.year, month: date.month, day: date.day,
            hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
            second: Int(secondOfDay % 60))
    }

    /// Creates an instant from UTC calendar fields (not validated: callers validate ranges).
    ///
    /// Years beyond ±30 million saturate at the representable range instead of overflowing.
    public init(_ civil: CivilTime) {
        guard civil.year.magnitude < 30_000_000, civil.month.magnitude < 1 << 20, civil.day.magnitude < 1 << 30 else {
            self = civil.year < 0 ? .earliestRepresentable : .latestRepresentable
            return
        }
        let days = CivilDate(year: civil.year, month: civil.month, day: civil.day).daysSinceEpoch
        let timeOfDay = saturatingSum([(civil.hour, 3600), (civil.minute, 60), (civil.second, 1)])
        self = Instant(secondsSinceEpoch: days * 86_400).adding(seconds: Int64(timeOfDay))
    }

    /// The start of the UTC day that contains this instant.
    public var startOfDay: Instant {
        var fields = civil
        fields.hour = 0
        fields.minute = 0
        fields.second = 0
        return Instant(fields)
    }
}

/// UTC calendar fields: year, month (1–12), day (1–31), hour, minute, second.
public struct CivilTime: Hashable, Sendable {
    /// The year, such as 2026.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 59.
    public var second: Int

    /// Creates calendar fields; the time of day defaults to midnight.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }
}

/// A proleptic Gregorian date, converted to and from days since the epoch.
///
/// The algorithm is Howard Hinnant's `days_from_civil` / `civil_from_days`: exact for every
/// date, no Foundation calendar involved, so the result never depends on the machine's locale.
struct CivilDate {
    var year: Int
    var month: Int
    var day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSinceEpoch: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = Int(yoe + era * 400 + (m <= 2 ? 1 : 0))
        month = Int(m)
        day = Int(d)
    }

    var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
