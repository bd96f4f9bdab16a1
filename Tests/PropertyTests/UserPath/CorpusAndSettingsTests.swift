import BuiltInSubjects
import ConformanceRunner
import ConformanceTesting
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// A user's own regression corpus, and the settings users of property-based tools expect.
@Suite("A user's corpus and settings")
struct CorpusAndSettingsTests {
    @Test("corpus add keeps a Swift subject's failure, its check, event and subject; the corpus replays it in swift test")
    func userCorpus() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Conformance.run(
            MyStore.self, catalog: ReproductionTests.catalog, histories: 300, failuresFolder: folder + "/failures", environment: [:])
        let failure = try #require(run.result.failures.first)
        let path = try #require(failure.savedPath)
        let added = InProcessTool.run(["corpus", "add", path, "--name", "refund-kept", "--corpus", folder + "/Corpus"])
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("kept as recorded"))
        let saved = try HistoryFile.read(folder + "/Corpus/refund-kept.json")
        #expect(saved.expect == .fails(check: failure.check.rawValue, atEvent: failure.failure.eventIndex))
        #expect(saved.origin?.subject == "MyStore")
        let files = Conformance.corpus(folder + "/Corpus")
        #expect(files == [folder + "/Corpus/refund-kept.json"])
        // Still failing as recorded: the case holds. Fixed: the case says so and how to keep it.
        #expect(try Conformance.corpusMismatch(named: "MyStore", file: files[0], factory: { c, x in MyStore(catalog: c, context: x) }) == nil)
        let fixed = try Conformance.corpusMismatch(named: "MyStore", file: files[0], factory: { c, x in CorrectStore(catalog: c, context: x) })
        #expect(fixed?.contains("the bug is fixed") == true)
        #expect(fixed?.contains(#"{"passes": true}"#) == true)
    }

    @Test("corpus add refuses (exit 2) to write a passing expectation for a recorded failure")
    func corpusAddRefusesPassingFailure() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let added = InProcessTool.run(
            ["corpus", "add", "Tests/RegressionCorpus/Cases/bench-m1.json", "--subject", "bench-correct", "--corpus", folder])
        #expect(added.status == 2)
        #expect(added.error.contains("every check holds against bench-correct"))
        #expect(HistoryFile.historyFiles(in: folder) == [])
        let confirmed = InProcessTool.run(["corpus", "add", "Tests/RegressionCorpus/Cases/bench-m1.json", "--corpus", folder])
        #expect(confirmed.status == 0)
        #expect(confirmed.output.contains("refunded-never-entitled after event 2"))
    }

    @Test("Conformance.expect replays a corpus case in a test and records a mismatch at the caller")
    func expectRecords() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = History(catalog: ReproductionTests.catalog, events: [.purchase("premium"), .refund(1)], expect: .passes)
        try HistoryFile.write(history, to: folder + "/c.json")
        try Conformance.expect(CorrectStore.self, file: folder + "/c.json")
        try withKnownIssue {
            try Conformance.expect(MyStore.self, file: folder + "/c.json")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("is expected to pass, but against MyStore it fails") }
        }
    }

    @Test("A saved failure that passes three runs in a row is pruned, with a message")
    func pruning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let buggy = try Conformance.run(
            named: "app", catalog: ExampleCatalog.standard, histories: 2_000, failuresFolder: folder, environment: [:],
            factory: ExampleApp.factory(.refundIgnored))
        let path = try #require(buggy.result.failures.first?.savedPath)
        for run in 1...3 {
            let fixed = try Conformance.run(
                named: "app", catalog: ExampleCatalog.standard, histories: 20, failuresFolder: folder, environment: [:],
                factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) })
            #expect(fixed.passed)
            #expect(fixed.result.savedReplayed == 1)
            #expect(FileManager.default.fileExists(atPath: path) == (run < 3))
            #expect(fixed.report.contains("Pruned \(path)") == (run == 3))
        }
    }

    @Test("Time budget, max events and statistics come from arguments and the environment")
    func limits() throws {
        let short = try Conformance.run(
            ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 100, maxEvents: 2, failuresFolder: nil, environment: [:])
        #expect(short.result.eventsRun <= 200)
        let fromEnvironment = try Conformance.run(
            ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 100, failuresFolder: nil,
            environment: ["PURCHASE_CONFORMANCE_MAX_EVENTS": "1", "PURCHASE_CONFORMANCE_STATS": "1"])
        #expect(fromEnvironment.result.eventsRun <= 100)
        #expect(fromEnvironment.report.contains("Statistics over 100 histories"))
        let budget = try Conformance.run(
            ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 100_000, timeLimit: .nanoseconds(1),
            failuresFolder: nil, environment: [:])
        #expect(budget.result.stopReason == .timeLimit)
        #expect(budget.result.historiesRun < 100_000)
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_TIME_LIMIT": "soon"]) }
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_STATS": "maybe"]) }
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_SHARD": "5/4"]) }
        let shards = try (1...2).map { i in
            try Conformance.run(
                ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 40, failuresFolder: nil,
                environment: ["PURCHASE_CONFORMANCE_SHARD": "\(i)/2"]).result.eventsRun
        }
        let whole = try Conformance.run(
            ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 40, failuresFolder: nil, environment: [:]).result.eventsRun
        #expect(shards.reduce(0, +) == whole)
    }

    @Test("PURCHASE_CONFORMANCE_SEED=random draws a seed and the report prints it")
    func randomSeed() throws {
        let run = try Conformance.run(
            ReferenceSubject.self, catalog: ExampleCatalog.standard, histories: 5, failuresFolder: nil,
            environment: ["PURCHASE_CONFORMANCE_SEED": "random"])
        #expect(run.report.contains("Seed drawn at random: \(run.result.seed)"))
        #expect(run.report.contains("(seed \(run.result.seed))"))
    }
}
