import PurchaseStateMachine
import Testing

@Suite("ISO 8601 instants and durations")
struct ModelTimeFormatTests {
    static let instants = [
        "1970-01-01T00:00:00Z", "2026-01-01T00:00:00Z", "2028-02-29T23:59:59Z", "2000-02-29T12:00:00Z",
        "1969-12-31T23:59:59Z", "1900-03-01T00:00:00Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z",
    ]

    @Test("An instant formats and parses back to itself", arguments: instants)
    func instantRoundTrip(text: String) throws {
        let instant = try #require(Instant(iso8601: text))
        #expect(instant.iso8601 == text)
        #expect(Instant(iso8601: instant.iso8601) == instant)
        #expect(Instant(instant.civil) == instant)
    }

    @Test("Every day over eight years converts to calendar fields and back")
    func civilRoundTrip() {
        var instant = Instant(iso8601: "2024-01-01T06:07:08Z") ?? .defaultStart
        for _ in 0..<(8 * 366) {
            #expect(Instant(instant.civil) == instant)
            #expect(Instant(iso8601: instant.iso8601) == instant)
            instant = instant.adding(seconds: 86_400)
        }
    }

    @Test("Accepted spellings: fractions are dropped and +00:00 means UTC")
    func acceptedSpellings() {
        #expect(Instant(iso8601: "2026-01-01T00:00:00.250Z") == .defaultStart)
        #expect(Instant(iso8601: "2026-01-01T00:00:00+00:00") == .defaultStart)
        #expect(Instant.defaultStart.secondsSinceEpoch == 1_767_225_600)
    }

    @Test("Malformed or impossible instants are refused", arguments: [
        "", "2026-01-01", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z",
        "2026-01-01T00:00:60Z", "2026-01-01T00:00:00+01:00", "2026-1-01T00:00:00Z", "２026-01-01T00:00:00Z",
        "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00.5xZ", "1900-02-29T00:00:00Z",
    ])
    func badInstants(text: String) {
        #expect(Instant(iso8601: text) == nil)
    }

    static let durations = ["P1M", "P1W", "P3D", "PT6H", "P1Y2M3DT4H5M6S", "P2W3D", "PT45M", "PT1S", "P0D", "P999999999Y"]

    @Test("A duration formats and parses back to itself", arguments: durations)
    func durationRoundTrip(text: String) throws {
        let duration = try #require(ISODuration(iso8601: text))
        #expect(duration.iso8601 == text)
        #expect(duration.description == text)
        let negative = try #require(ISODuration(iso8601: "-" + text, allowNegative: true))
        #expect(negative.isNegative)
        #expect(negative.iso8601 == "-" + text)
    }

    @Test("Malformed durations are refused", arguments: [
        "", "P", "PT", "1M", "P1", "P1DT", "PM", "P1.5D", "P1D1M", "PT1H1H", "P1H", "PT1D", "P-1D", "p1d", "P1M ",
        "P1234567890D", "P1DT2H3M4S5", "P１D",
    ])
    func badDurations(text: String) {
        #expect(ISODuration(iso8601: text) == nil)
        #expect(ISODuration(iso8601: text, allowNegative: true) == nil)
    }

    @Test("A leading minus is refused unless negative durations are allowed")
    func negativeNeedsPermission() {
        #expect(ISODuration(iso8601: "-P1D") == nil)
        #expect(ISODuration(iso8601: "-P1D", allowNegative: true) == ISODuration(days: 1, isNegative: true))
    }

    @Test("Lengths: P1Y is P12M, P1W is P7D, P1M is not P30D")
    func lengths() throws {
        let y = try #require(ISODuration(iso8601: "P1Y"))
        let m12 = try #require(ISODuration(iso8601: "P12M"))
        #expect(y.hasSameLength(as: m12))
        #expect(y != m12, "the spelling is kept")
        #expect(ISODuration(weeks: 1).hasSameLength(as: .days(7)))
        #expect(!ISODuration(months: 1).hasSameLength(as: .days(30)))
        #expect(ISODuration(months: 1).approximateSeconds == 2_592_000)
        #expect(ISODuration(weeks: 1, days: 1, hours: 1, minutes: 1, seconds: 1).exactSeconds == 694_861)
        #expect(ISODuration(days: 2).times(3) == .days(6))
    }

    @Test("Adding calendar months clamps to the end of the month; negative durations go back")
    func adding() throws {
        let jan31 = try #require(Instant(iso8601: "2026-01-31T10:00:00Z"))
        #expect(jan31.adding(ISODuration(months: 1)).iso8601 == "2026-02-28T10:00:00Z")
        #expect(jan31.adding(ISODuration(years: 2, months: 1)).iso8601 == "2028-02-29T10:00:00Z")
        #expect(jan31.adding(ISODuration(months: 1, days: 1)).iso8601 == "2026-03-01T10:00:00Z", "months first, then days")
        #expect(jan31.adding(ISODuration(months: 2, isNegative: true)).iso8601 == "2025-11-30T10:00:00Z")
        #expect(jan31.adding(ISODuration(hours: 14)).iso8601 == "2026-02-01T00:00:00Z")
        #expect(jan31.startOfDay.iso8601 == "2026-01-31T00:00:00Z")
        #expect(jan31.seconds(to: jan31.adding(.days(1))) == 86_400)
    }
}
