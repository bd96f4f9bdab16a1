import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("Line shapes: what the situation explorer tells subscriptions apart by")
struct LineShapeTests {
    /// The standard catalog's store after `events` (the boundary tests' helper).
    static func model(_ events: [Event]) throws -> StoreModel { try UpcomingBoundariesTests.model(events) }

    @Test("A late recovery inside grace starts a period after its scheduled start; auto-renew shows")
    func lateRecovery() throws {
        let recovered = try Self.model([
            .purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(370)), .setBilling(ok: true),
        ])
        #expect(recovered.lineShapes == [LineShape(state: .subscribed, willAutoRenew: true, startedLate: true)])
        let cancelled = try Self.model([
            .purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(370)), .setBilling(ok: true),
            .setAutoRenew(group: "pro", enabled: false),
        ])
        #expect(cancelled.lineShapes == [LineShape(state: .subscribed, willAutoRenew: false, startedLate: true)])
    }

    @Test("Regular renewals, a recovery on the renewal instant and one after grace start on schedule")
    func onSchedule() throws {
        let renewed = try Self.model([.purchase("yearly"), .advanceTime(by: .days(800))])
        #expect(renewed.lineShapes == [LineShape(state: .subscribed, willAutoRenew: true, startedLate: false)])
        let atRenewal = try Self.model([
            .purchase("yearly"), .setBilling(ok: false), .advanceTime(by: ISODuration(years: 1)), .setBilling(ok: true),
        ])
        #expect(atRenewal.lineShapes.map(\.startedLate) == [false])
        // After grace, the recovery restarts the billing cycle on the recovery date.
        let afterGrace = try Self.model([
            .purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(400)), .setBilling(ok: true),
        ])
        #expect(afterGrace.lineShapes.map(\.startedLate) == [false])
        #expect(afterGrace.lineShapes.map(\.state) == [.subscribed])
    }
}
