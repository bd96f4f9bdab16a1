import BuiltInSubjects
@testable import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// The reference app, except that it leaves out the first instant of billing grace: wrong only
/// when the clock stands exactly on the renewal that failed.
struct GraceStartExclusiveApp: PurchaseSubject {
    var reference: ReferenceSubject

    init(catalog: Catalog, context: SubjectContext) { reference = ReferenceSubject(catalog: catalog, context: context) }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        reference.launch(unfinished: unfinished, context: context)
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        reference.purchaseResult(product: product, result: result, delivery: delivery, context: context)
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        reference.update(delivery, context: context)
    }

    func query(context: SubjectContext) -> ObservedState {
        var observed = reference.query(context: context)
        for group in context.views.statuses {
            for status in group.statuses where status.state == .inGracePeriod {
                guard let tx = context.views.all.first(where: { $0.transaction.id == status.transactionID })?.transaction,
                    tx.expirationDate == context.serverNow
                else { continue }
                observed.entitled.removeAll { $0 == tx.productID }
                observed.grants = observed.grants?.filter { $0.product != tx.productID }
            }
        }
        return observed
    }
}

@Suite("Billing changes timed against boundaries, and shrinking that moves time with a product")
struct TimedBillingTests {
    /// PurchaseBench's catalog and day-counting profile, with billing changes and a 16-day grace period.
    static var profile: GenerationProfile {
        var profile = PurchaseBench.profile
        profile.fixedSettings.gracePeriod = .days(16)
        profile.kinds.append((.setBilling, 2))
        return profile
    }

    @Test("A billing change can come with the advance that times it, and a change that takes effect later with the advance to it, in one event span")
    func timedSpans() throws {
        let generator = HistoryGenerator(catalog: PurchaseBench.catalog, profile: Self.profile)
        var timedFixesOnGraceEnd = 0
        var timed = 0
        var trailing = 0
        for n in 0..<400 {
            let tc = TestCase(seed: Seed(7).derived(UInt64(n)))
            let setup = try generator.drawSetup(tc)
            var model = StoreModel(catalog: PurchaseBench.catalog, settings: setup.settings)
            var count = 0
            spans: while count < Self.profile.maxEvents, try tc.drawBool(probability: setup.continueProbability) {
                let marks = model.upcomingBoundaryMarks
                let drawn = Array(try generator.drawEvents(tc, setup: setup, model: model, room: Self.profile.maxEvents - count))
                // One event, or an event with an advance before it (billing) and/or after it (a change
                // that takes effect later).
                let core = drawn.firstIndex { $0.kind != .advanceTime } ?? 0
                #expect(drawn.count == 1 || drawn[core].kind == .setBilling || drawn[core].kind == .setAutoRenew)
                #expect(drawn.indices.allSatisfy { $0 == core || drawn[$0].kind == .advanceTime })
                if core + 1 < drawn.count {
                    #expect(HistoryGenerator.takesEffectLater(drawn[core]))
                    trailing += 1
                }
                var landed = model.state.now
                for (i, event) in drawn.enumerated() {
                    _ = try model.apply(event)
                    count += 1
                    if i == 0 { landed = model.state.now }
                }
                guard core == 1 else { continue spans }
                timed += 1
                #expect(marks.contains { $0.instant.seconds(to: landed).magnitude <= 2 * 86_400 })
                if drawn[core] == .setBilling(ok: true), marks.contains(where: { $0.kind == .graceEnd && $0.instant == landed }) {
                    timedFixesOnGraceEnd += 1
                }
            }
        }
        #expect(timed > 50)
        #expect(timedFixesOnGraceEnd > 0)
        #expect(trailing > 20)
    }

    @Test("A bug on the first instant of grace is found and shrunk to the monthly plan and its 30-day renewal", arguments: [1, 2, 3])
    func graceStart(seed: UInt64) throws {
        var configuration = CampaignConfiguration(histories: 1_000, seed: Seed(seed), profile: Self.profile)
        configuration.parallelism = 1
        let campaign = Campaign(
            catalog: PurchaseBench.catalog, configuration: configuration, subjectName: "grace-start-exclusive",
            factory: { GraceStartExclusiveApp(catalog: $0, context: $1) })
        let report = try #require(campaign.run().failures.first)
        let events = report.history.events
        #expect(events.count == 3)
        #expect(Set(events.prefix(2)) == [.purchase("monthly"), .setBilling(ok: false)])
        #expect(events.last == .advanceTime(by: .days(30)))
    }
}
