import BuiltInSubjects
import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// The small things a new user tripped over on the command line.
@Suite("Command-line fixes from a new user's path")
struct CommandLineFixesTests {
    @Test("replay --json prints one JSON object per history")
    func replayJSON() throws {
        let result = InProcessTool.run(["replay", "Tests/RegressionCorpus/Cases/bench-m1.json", "--json"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1)
        let json = try JSONValue.parse(String(lines[0]))
        #expect(json["outcome"] == .string("failed"))
        #expect(json["check"] == .string("refunded-never-entitled"))
        #expect(json["meetsExpectation"] == .bool(true))
        #expect(!result.output.contains("✘"))
    }

    @Test("An option given twice is an error, not the last one winning")
    func repeatedOption() {
        let result = InProcessTool.run(["check", "--subject", "reference", "--subject", "example-refund-ignored"])
        #expect(result.status == 2)
        #expect(result.error.contains("--subject is given twice"))
    }

    @Test("-h answers like --help")
    func shortHelp() {
        for command in ["check", "replay", "corpus"] {
            let result = InProcessTool.run([command, "-h"])
            #expect(result.status == 0)
            #expect(result.output.contains("Usage: purchase-conformance \(command)"))
        }
    }

    @Test("One event is \"1 event\"")
    func singular() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = History(catalog: ExampleCatalog.standard, events: [.purchase("premium")])
        try HistoryFile.write(history, to: folder + "/one.json")
        let result = InProcessTool.run(["replay", folder + "/one.json"])
        #expect(result.status == 0)
        #expect(result.output.contains("every check held after 1 event against reference"))
    }

    @Test("A missing catalogFile names the history file that points at it, and the catalog")
    func missingCatalogFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/h.json"
        try Data(#"{"format":"purchase-history/1","catalogFile":"gone.storekit","events":[]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: FormatError.self) { try HistoryFile.read(path) }
        #expect(error.file == path)
        #expect(error.field == "catalogFile")
        #expect(error.description.contains("gone.storekit"))
        #expect(error.description.contains("no such file"))
    }

    @Test("A report leaves out the grace period when no billing failure happened")
    func irrelevantStoreSettings() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var history = History(
            catalog: ExampleCatalog.standard, store: StoreSettings(gracePeriod: .days(0)), events: [.purchase("premium"), .refund(1)])
        history.origin = HistoryOrigin(subject: "example-refund-ignored")
        try HistoryFile.write(history, to: folder + "/h.json")
        let result = InProcessTool.run(["replay", folder + "/h.json"])
        #expect(result.status == 1)
        #expect(result.output.contains("✘ refunded-never-entitled"))
        #expect(!result.output.contains("gracePeriod"))
    }

    @Test("--profile sets the history count; an unknown profile is a usage error")
    func profileOption() {
        let quick = InProcessTool.run(["check", "--subject", "reference", "--profile", "quick", "--no-save"])
        #expect(quick.status == 0)
        #expect(quick.output.contains("200 histories"))
        let bad = InProcessTool.run(["check", "--subject", "reference", "--profile", "huge"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("--profile huge is not one of quick, ci, deep"))
    }

    @Test("--seed random draws a seed, and the report prints it")
    func randomSeed() {
        let result = InProcessTool.run(["check", "--subject", "reference", "--histories", "3", "--seed", "random", "--no-save"])
        #expect(result.status == 0)
        #expect(result.output.contains("(seed "))
        #expect(!result.output.contains("(seed 000000005eed0001)"))
    }
}

/// `report`, like `replay`, never puts another subject in place of the one a history names.
@Suite("report refuses a subject it cannot run")
struct ReportSubjectTests {
    @Test("report of a Swift subject's history exits 2 and says how to replay it")
    func reportRefuses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var history = History(catalog: ExampleCatalog.standard, events: [.purchase("premium")])
        history.origin = HistoryOrigin(subject: "MyStore", test: "Tests\\.purchases\\(\\)")
        try HistoryFile.write(history, to: folder + "/h.json")
        let result = InProcessTool.run(["report", folder + "/h.json"])
        #expect(result.status == 2)
        #expect(result.error.contains("swift test --filter 'Tests\\.purchases\\(\\)'"))
        #expect(!result.output.contains("every check held"))
    }
}
