import PurchaseStateMachine
import Testing

/// Date and duration arithmetic never traps: documented ranges, saturating instants.
@Suite("Checked date and duration arithmetic")
struct TimeRangeTests {
    @Test("Durations up to 100 years are in range, longer ones and overflowing ones are not")
    func durationRange() throws {
        for text in ["P100Y", "P1200M", "P36525D", "P5217W", "PT876600H", "P99Y11M30D"] {
            let d = try #require(ISODuration(iso8601: text))
            #expect(d.isWithinSupportedRange, "\(text)")
        }
        for text in ["P100Y1D", "P36526D", "P999999999Y", "PT999999999H", "P999999999Y999999999M999999999W999999999D"] {
            let d = try #require(ISODuration(iso8601: text))
            #expect(!d.isWithinSupportedRange, "\(text)")
            #expect(d.rangeProblem?.contains("100 years") == true)
        }
        #expect(!ISODuration(years: Int.max).isWithinSupportedRange)
        #expect(!ISODuration(days: -1).isWithinSupportedRange)
    }

    @Test("Arithmetic on extreme values saturates instead of trapping")
    func saturation() {
        let huge = ISODuration(years: Int.max, months: Int.max, days: Int.max, seconds: Int.max)
        #expect(huge.totalMonths == Int.max)
        #expect(huge.exactSeconds == Int64.max)
        #expect(huge.times(Int.max).years == Int.max)
        #expect(Instant.defaultStart.adding(huge) == .latestRepresentable)
        #expect(Instant.defaultStart.adding(ISODuration(years: Int.max, isNegative: true)) == .earliestRepresentable)
        #expect(Instant(secondsSinceEpoch: .max).adding(seconds: .max) == .latestRepresentable)
        #expect(Instant(secondsSinceEpoch: .min).adding(seconds: .min) == .earliestRepresentable)
        #expect(Instant(secondsSinceEpoch: .min).seconds(to: Instant(secondsSinceEpoch: .max)) == .max)
        #expect(Instant(CivilTime(year: Int.max, month: 1, day: 1)) == .latestRepresentable)
        _ = Instant(secondsSinceEpoch: .min).civil
        _ = Instant(secondsSinceEpoch: .max).iso8601
    }

    @Test("A catalog refuses an introductory offer whose periods together last more than 100 years")
    func offerTotal() throws {
        let offer = IntroductoryOffer(mode: .payAsYouGo, duration: ISODuration(years: 2), periods: 51)
        let product = Product(
            id: "m", kind: .autoRenewable(AutoRenewableSubscription(group: "g", level: 1, period: ISODuration(months: 1), introductoryOffer: offer)))
        #expect(throws: FormatError.self) { try Catalog(products: [product]) }
    }

    @Test("The model rejects an advanceTime or a device clock offset beyond 100 years built in code")
    func modelRejects() throws {
        var model = StoreModel(catalog: try Catalog(products: [Product(id: "p", kind: .nonConsumable)]))
        #expect(throws: Rejection.self) { _ = try model.apply(.advanceTime(by: ISODuration(years: 101))) }
        #expect(throws: Rejection.self) { _ = try model.apply(.setDeviceClock(offset: ISODuration(years: Int.max))) }
    }
}
