import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("The model's upcoming boundaries: where generated time aims")
struct UpcomingBoundariesTests {
    static let start = Instant.defaultStart

    static func model(_ events: [Event]) throws -> StoreModel {
        var model = StoreModel(catalog: ExampleCatalog.standard)
        for event in events { _ = try model.apply(event) }
        return model
    }

    @Test("A renewing subscription: its renewal, the grace and retry ends a failure there would start, the period after")
    func renewing() throws {
        let model = try Self.model([.purchase("yearly")])
        let renewal = Self.start.adding(ISODuration(years: 1))
        #expect(
            model.upcomingBoundaries == [
                renewal, renewal.adding(.days(16)), renewal.adding(.days(60)), Self.start.adding(ISODuration(years: 2)),
            ])
    }

    @Test("Each boundary is named: the renewal, the projected grace and retry ends, the period after")
    func named() throws {
        let model = try Self.model([.purchase("yearly")])
        #expect(model.upcomingBoundaryMarks.map(\.kind) == [.periodEnd, .graceEnd, .retryEnd, .nextPeriodEnd])
        #expect(model.upcomingBoundaryMarks.map(\.instant) == model.upcomingBoundaries)
        let inGrace = try Self.model([.purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(366))])
        #expect(inGrace.upcomingBoundaryMarks.map(\.kind) == [.graceEnd, .retryEnd])
    }

    @Test("In billing grace: the grace end and the retry end")
    func inGrace() throws {
        let model = try Self.model([.purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(366))])
        let failed = Self.start.adding(ISODuration(years: 1))
        #expect(model.upcomingBoundaries == [failed.adding(.days(16)), failed.adding(.days(60))])
    }

    @Test("Auto-renew off: only the expiry; a non-renewing subscription: its end")
    func endsOnly() throws {
        let model = try Self.model([.purchase("yearly"), .setAutoRenew(group: "pro", enabled: false), .purchase("season")])
        #expect(model.upcomingBoundaries == [Self.start.adding(ISODuration(months: 3)), Self.start.adding(ISODuration(years: 1))])
    }

    @Test("Nothing scheduled: no boundaries")
    func none() throws {
        #expect(try Self.model([.purchase("premium"), .purchase("coins")]).upcomingBoundaries.isEmpty)
    }
}
