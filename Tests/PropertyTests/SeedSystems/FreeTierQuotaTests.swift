import BuiltInSubjects
@testable import ConformanceRunner
import Generators
import PurchaseStateMachine
@testable import SeedSystems
import Testing

/// S4's custom check, `free-tier-quota`, against quotas written on purpose: one too generous,
/// one right, one that refuses premium users.
@Suite("Seed systems: the free-tier quota check")
struct FreeTierQuotaTests {
    /// A correct app (the reference subject) with a metered `analyze`: premium users always,
    /// free users `limit` times per true (UTC) day; `refusesPremium` gates premium users too.
    struct QuotaApp: PurchaseSubject {
        var reference: ReferenceSubject
        let limit: Int
        let refusesPremium: Bool
        var countPerDay: [Int64: Int] = [:]

        init(catalog: Catalog, context: SubjectContext) {
            self.init(catalog: catalog, context: context, limit: 3, refusesPremium: false)
        }

        init(catalog: Catalog, context: SubjectContext, limit: Int, refusesPremium: Bool) {
            reference = ReferenceSubject(catalog: catalog, context: context)
            self.limit = limit
            self.refusesPremium = refusesPremium
        }

        mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
            reference.launch(unfinished: unfinished, context: context)
        }

        mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext)
            -> [UInt64]
        {
            reference.purchaseResult(product: product, result: result, delivery: delivery, context: context)
        }

        mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
            reference.update(delivery, context: context)
        }

        mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) -> ActionOutcome {
            let premium = !reference.query(context: context).entitled.isEmpty
            if premium, !refusesPremium { return ActionOutcome(result: .bool(true)) }
            let day = FreeTierQuota.utcDay(context.serverNow)
            guard countPerDay[day, default: 0] < limit else { return ActionOutcome(result: .bool(false)) }
            countPerDay[day, default: 0] += 1
            return ActionOutcome(result: .bool(true))
        }

        func query(context: SubjectContext) -> ObservedState { reference.query(context: context) }
    }

    static func run(limit: Int, refusesPremium: Bool = false, histories: Int) -> CampaignResult {
        let configuration = CampaignConfiguration(
            histories: histories, seed: Seed(0x5eed_0001), profile: SeedCatalogs.analyzeProfile,
            checks: CheckSelection(builtIn: [.subjectResponds], custom: [SeedCatalogs.freeTierQuota]))
        return Campaign(catalog: SeedCatalogs.s4, configuration: configuration, subjectName: "quota-\(limit)") { catalog, context in
            QuotaApp(catalog: catalog, context: context, limit: limit, refusesPremium: refusesPremium)
        }.run()
    }

    @Test("A free tier that allows four analyses a day is caught, shrunk to four analyses")
    func fourADayCaught() throws {
        let result = Self.run(limit: 4, histories: 1_000)
        let failure = try #require(result.failures.first)
        #expect(failure.check == FreeTierQuota.id)
        #expect(failure.history.events.map(\.compact) == Array(repeating: "appAction(analyze)", count: 4))
    }

    @Test("A free tier of three analyses per true day, unlimited for premium, never trips the check")
    func correctQuotaPasses() {
        let result = Self.run(limit: 3, histories: 2_000)
        #expect(result.failures.isEmpty, "\(result.rendered(subject: "quota-3", checks: 2))")
    }

    @Test("Refusing an analysis to a premium user is caught")
    func premiumRefusalCaught() throws {
        let result = Self.run(limit: 3, refusesPremium: true, histories: 1_000)
        let failure = try #require(result.failures.first)
        #expect(failure.check == FreeTierQuota.id)
        // Five events either way: one premium purchase (before or after the first analysis) and four analyses.
        #expect(failure.history.events.count == 5)
        #expect(failure.history.events.count(where: { $0.compact.hasPrefix("purchase(premium.") }) == 1)
        #expect(failure.history.events.count(where: { $0.compact == "appAction(analyze)" }) == 4)
    }

    static func action(_ index: Int, at seconds: Int64, device: Int64? = nil, allowed: Bool, entitled: [String] = [])
        -> AppActionRecord
    {
        AppActionRecord(
            eventIndex: index, name: "analyze", value: nil, result: .bool(allowed),
            serverNow: Instant(secondsSinceEpoch: seconds), deviceNow: Instant(secondsSinceEpoch: device ?? seconds),
            entitled: entitled)
    }

    @Test("The day is the true UTC day: a device clock moved a day ahead earns nothing")
    func trueDay() {
        let midnight: Int64 = 1_767_225_600
        let sameDay = [
            Self.action(0, at: midnight, allowed: true), Self.action(1, at: midnight + 60, allowed: true),
            Self.action(2, at: midnight + 120, allowed: true),
            Self.action(3, at: midnight + 180, device: midnight + 86_400 + 180, allowed: true),
        ]
        let broken = FreeTierQuota.evaluate(sameDay, action: "analyze", dailyLimit: 3, premium: nil)
        #expect(broken?.actual == ["4, at events 1, 2, 3, 4"])
        var nextDay = sameDay
        nextDay[3] = Self.action(3, at: midnight + 86_400, device: midnight, allowed: true)
        #expect(FreeTierQuota.evaluate(nextDay, action: "analyze", dailyLimit: 3, premium: nil) == nil)
    }

    @Test("Analyses while premium do not count against the free quota")
    func premiumAnalysesFree() {
        let midnight: Int64 = 1_767_225_600
        var actions = (0..<5).map { Self.action($0, at: midnight + Int64($0), allowed: true, entitled: ["premium.yearly"]) }
        actions.append(Self.action(5, at: midnight + 10, allowed: true))
        #expect(FreeTierQuota.evaluate(actions, action: "analyze", dailyLimit: 3, premium: ["premium.yearly"]) == nil)
        actions.append(Self.action(6, at: midnight + 11, allowed: false, entitled: ["premium.yearly"]))
        #expect(FreeTierQuota.evaluate(actions, action: "analyze", dailyLimit: 3, premium: ["premium.yearly"]) != nil)
    }
}
