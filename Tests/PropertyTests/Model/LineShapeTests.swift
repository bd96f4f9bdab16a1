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

    @Test("Each of the twenty shapes has its own nonzero five-bit code")
    func codes() {
        var codes: [UInt64] = []
        for state in RenewalState.allCases {
            for willAutoRenew in [false, true] {
                for startedLate in [false, true] {
                    codes.append(LineShape(state: state, willAutoRenew: willAutoRenew, startedLate: startedLate).code)
                }
            }
        }
        #expect(Set(codes).count == 20)
        #expect(codes.allSatisfy { (1...31).contains($0) })
    }

    @Test("packedLineShapes is lineShapes, five bits a line in order; more than twelve lines do not pack")
    func packing() throws {
        let histories: [[Event]] = [
            [], [.purchase("yearly")], [.purchase("yearly"), .setBilling(ok: false), .advanceTime(by: .days(370))],
            [.purchase("yearly"), .setAutoRenew(group: "pro", enabled: false), .advanceTime(by: .days(800))],
        ]
        for events in histories {
            let model = try Self.model(events)
            let expected = model.lineShapes.enumerated().reduce(UInt64(0)) { $0 | $1.element.code << UInt64(5 * $1.offset) }
            #expect(model.packedLineShapes == expected, "\(events.map(\.compact))")
        }
        let products = (1...13).map { i in
            Product(id: "s\(i)", kind: .autoRenewable(AutoRenewableSubscription(group: "g\(i)", level: 1, period: ISODuration(months: 1))))
        }
        var model = StoreModel(catalog: try Catalog(products: products))
        for product in products.prefix(12) { _ = try model.apply(.purchase(product.id)) }
        #expect(model.lineShapes.count == 12)
        #expect(model.packedLineShapes != nil)
        _ = try model.apply(.purchase("s13"))
        #expect(model.lineShapes.count == 13)
        #expect(model.packedLineShapes == nil)
    }

    @Test("Event kinds have distinct ordinals below 256, so an exploration key's edge is injective")
    func ordinals() {
        let ordinals = EventKind.allCases.map(\.ordinal)
        #expect(Set(ordinals).count == EventKind.allCases.count)
        #expect(ordinals.allSatisfy { $0 < 255 })
    }
}
