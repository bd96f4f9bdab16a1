import BuiltInSubjects
import ConformanceRunner
import ConformanceTesting
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// Campaigns: coverage, determinism, saved failures.
@Suite("Campaigns")
struct CampaignTests {
    static func profileWithActions() -> GenerationProfile {
        var profile = GenerationProfile()
        profile.appActions = [AppActionTemplate(name: "open")]
        return profile
    }

    @Test("The reference subject passes with every check on and reaches every renewal state and event kind")
    func referenceCoverage() {
        var configuration = CampaignConfiguration(histories: 1_500, seed: Seed(0xC0FE), profile: Self.profileWithActions())
        configuration.collectStatistics = true
        configuration.coverage =
            RenewalState.allCases.map { CoverageRequirement("state:\($0.rawValue)") }
            + EventKind.allCases.map { CoverageRequirement("event:\($0.rawValue)") }
        let result = Campaign(
            catalog: ExampleCatalog.standard, configuration: configuration, subjectName: "reference",
            factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) }
        ).run()
        #expect(result.failures.isEmpty, "\(result.failures.map { $0.rendered() })")
        #expect(result.coverageShortfalls.isEmpty, "\(result.coverageShortfalls.map(\.requirement.label))")
        #expect(result.historiesRun == 1_500)
    }

    @Test("A coverage requirement that is never reached fails the run")
    func coverageShortfall() {
        var configuration = CampaignConfiguration(histories: 50, seed: Seed(1), profile: PurchaseBench.profile)
        configuration.collectStatistics = true
        configuration.coverage = [CoverageRequirement("event:familyShare")]
        let result = Campaign(
            catalog: PurchaseBench.catalog, configuration: configuration, subjectName: "bench", factory: BenchApp.factory(nil)
        ).run()
        #expect(result.failures.isEmpty)
        #expect(!result.passed)
        #expect(result.coverageShortfalls.map(\.requirement.label) == ["event:familyShare"])
    }

    @Test("Two runs with the same seed print byte-identical reports, whatever the number of threads")
    func deterministicReports() {
        func report(threads: Int) -> String {
            var configuration = CampaignConfiguration(histories: 3_000, seed: Seed(0xABC))
            configuration.parallelism = threads
            configuration.findAllFailures = true
            configuration.collectStatistics = true
            let result = Campaign(
                catalog: ExampleCatalog.standard, configuration: configuration, subjectName: "example",
                factory: ExampleApp.factory(.graceLockout)
            ).run()
            return result.rendered(subject: "example", checks: 12) + result.json(subject: "example").rendered()
        }
        let first = report(threads: 1)
        #expect(first.contains("✘"))
        #expect(report(threads: 2) == first)
        #expect(report(threads: 1) == first)
    }

    @Test("Shards 1/4 … 4/4 together run exactly the histories of the unsharded run")
    func shardsPartitionHistories() {
        let total = 40
        let all = (1...4).flatMap { i in (0..<total).filter { Shard(index: i, count: 4)!.contains($0) } }
        #expect(all.sorted() == Array(0..<total))
        func events(_ shard: Shard?) -> Int {
            var configuration = CampaignConfiguration(histories: total, seed: Seed(9), profile: PurchaseBench.profile, shard: shard)
            configuration.parallelism = 1
            return Campaign(catalog: PurchaseBench.catalog, configuration: configuration, subjectName: "b", factory: BenchApp.factory(nil))
                .run().eventsRun
        }
        let sharded = (1...4).map { events(Shard(index: $0, count: 4)) }.reduce(0, +)
        #expect(sharded == events(nil))
    }

    @Test("A failure saved by a run replays to the same failure, and the next run replays it first")
    func savedFailureReplays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Conformance.run(
            named: "refund-ignored", catalog: ExampleCatalog.standard, histories: 2_000, failuresFolder: folder,
            environment: [:], factory: ExampleApp.factory(.refundIgnored))
        let failure = try #require(run.result.failures.first)
        let path = try #require(failure.savedPath)
        let saved = try HistoryFile.read(path)
        #expect(saved.expect == .fails(check: failure.check.rawValue, atEvent: failure.failure.eventIndex))
        let replay = Replayer(factory: ExampleApp.factory(.refundIgnored)).replay(saved)
        #expect(replay.meetsExpectation)
        let again = try Conformance.run(
            named: "refund-ignored", catalog: ExampleCatalog.standard, histories: 2_000, failuresFolder: folder,
            environment: [:], factory: ExampleApp.factory(.refundIgnored))
        #expect(again.result.savedReplayed == 1)
        #expect(again.result.failures.first?.replayedFrom == path)
    }

    @Test("A malformed or impossible saved file is a clear error naming file, field and event")
    func malformedSavedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json").path
        try Data(
            #"{"format":"purchase-history/1","catalog":{"products":[{"id":"p","type":"nonConsumable"}]},"events":[{"event":"purchase","product":"p"},{"event":"refund","transaction":5}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: bad))
        let error = try #require(throws: FormatError.self) { try HistoryFile.read(bad) }
        #expect(error.file == bad)
        #expect(error.eventIndex == 1)
        #expect(error.field == "events[1]")
        #expect(error.description.contains("transaction #5 does not exist"))
    }

    @Test("Environment variables override seed and history count, and bad values are errors")
    func environment() throws {
        let env = try ConformanceEnvironment(["PURCHASE_CONFORMANCE_SEED": "abc", "PURCHASE_CONFORMANCE_PROFILE": "quick"])
        #expect(env.seed == Seed(0xABC))
        #expect(env.histories == 200)
        let explicit = try ConformanceEnvironment(["PURCHASE_CONFORMANCE_PROFILE": "deep", "PURCHASE_CONFORMANCE_HISTORIES": "7"])
        #expect(explicit.histories == 7)
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_SEED": "xyz"]) }
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_PROFILE": "huge"]) }
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_HISTORIES": "-3"]) }
    }

    @Test("Conformance.check records a failing subject's report as an issue")
    func checkRecordsIssue() throws {
        let catalog = try Catalog(products: [Product(id: "premium", kind: .nonConsumable)])
        try withKnownIssue {
            try Conformance.check(MyStore.self, catalog: catalog, histories: 500, failuresFolder: nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("✘ refunded-never-entitled failed after event 2 of 2") }
        }
        let passing = try Conformance.check(ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 200, failuresFolder: nil)
        #expect(passing.passed)
    }
}

/// The README's subject: it unlocks what it is handed and never looks at `revocationDate`.
struct MyStore: PurchaseSubject {
    var unlocked: Set<String> = []

    init(catalog: Catalog, context: SubjectContext) {}

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        context.views.currentEntitlements.forEach { _ = handle($0) }
        return unfinished.compactMap { handle($0) }
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    /// Unlocks a verified transaction's product and finishes it (the bug: revocations too).
    mutating func handle(_ delivery: Delivery) -> UInt64? {
        guard delivery.verified else { return nil }
        unlocked.insert(delivery.transaction.productID)
        return delivery.transaction.id
    }

    func query(context: SubjectContext) -> ObservedState {
        ObservedState(entitled: unlocked.sorted())
    }
}
