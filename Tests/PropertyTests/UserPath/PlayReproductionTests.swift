import BuiltInSubjects
import ConformanceRunner
import ConformanceTesting
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// A user's own Google Play subject in Swift, checked in `swift test` as an App Store one is: the
/// failure is saved, replayed first next time, and its printed Replay line re-runs the test on it.
@Suite("Checking a Swift Play subject in swift test")
struct PlayReproductionTests {
    static let filter = "UserTests\\.PlayTests/coins\\(\\)"
    /// A shop that sells coin packs only, which the app consumes.
    static let coins = PlayCatalog(oneTime: [PlayOneTimeProduct(id: "coins100")])

    /// Runs the coin-counting app (it keeps its balance in memory) once, saving under `folder`.
    func savedFailure(in folder: String, environment: [String: String] = [:]) throws -> (run: PlayConformanceRun, path: String) {
        let run = try Conformance.run(CoinCountingApp.self, catalog: Self.coins, histories: 300, failuresFolder: folder, environment: environment, testFilter: Self.filter)
        let path = try #require(run.failure?.savedPath, "\(run.report)")
        return (run, path)
    }

    @Test("A correct Play subject passes; the environment sets the number of histories and where observations go")
    func referencePasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["PURCHASE_CONFORMANCE_HISTORIES": "150", "PURCHASE_CONFORMANCE_OBSERVATIONS": folder + "/o.jsonl"]
        let run = try Conformance.run(PlayReferenceApp.self, failuresFolder: nil, environment: environment)
        #expect(run.passed, "\(run.report)")
        #expect(run.result.historiesRun == 150)
        let lines = try String(contentsOfFile: folder + "/o.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 150 && lines.allSatisfy { $0.contains(#""type":"test_case""#) })
    }

    @Test("A failure is saved with the subject and test in its origin, and its Replay line names the test")
    func savedWithReplayLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (run, path) = try savedFailure(in: folder)
        #expect(run.failure != nil)
        #expect(run.report.contains("Replay: PURCHASE_CONFORMANCE_REPLAY=\(path) swift test --filter 'UserTests\\.PlayTests/coins\\(\\)'"), "\(run.report)")
        let saved = try HistoryFile.readPlay(path)
        #expect(saved.origin?.subject == "CoinCountingApp" && saved.origin?.test == Self.filter)
        // The next run replays the saved failure before generating.
        let again = try Conformance.run(CoinCountingApp.self, catalog: Self.coins, histories: 300, failuresFolder: folder, testFilter: Self.filter)
        #expect(again.result.historiesRun == 0 && again.failure?.savedPath == path)
        #expect(again.report.contains("Replayed from \(path)"))
    }

    @Test("PURCHASE_CONFORMANCE_REPLAY=FILE replays that Play file against the same subject; another subject is refused, never substituted")
    func replayVariable() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (first, path) = try savedFailure(in: folder)
        let replayed = try Conformance.run(CoinCountingApp.self, catalog: Self.coins, failuresFolder: nil, environment: ["PURCHASE_CONFORMANCE_REPLAY": path])
        #expect(replayed.result.historiesRun == 0)
        #expect(replayed.failure?.failure.check == first.failure?.failure.check)
        #expect(replayed.report.contains("Replayed \(path) against CoinCountingApp"))
        #expect(throws: ConformanceError.self) {
            try Conformance.run(PlayReferenceApp.self, environment: ["PURCHASE_CONFORMANCE_REPLAY": path])
        }
    }

    @Test("A saved Play failure is a corpus case: expect holds as recorded, and a mismatch says what happened instead")
    func corpusCase() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, path) = try savedFailure(in: folder)
        try Conformance.expect(CoinCountingApp.self, file: path)
        #expect(try Conformance.corpusMismatch(CoinCountingApp.self, file: path) == nil)
        // Recorded as passing, the same history is a mismatch that shows the failure.
        var history = try HistoryFile.readPlay(path)
        history.expect = .passes
        let passing = try history.written(in: folder, name: "passing")
        let mismatch = try #require(try Conformance.corpusMismatch(CoinCountingApp.self, file: passing))
        #expect(mismatch.hasPrefix("\(passing) is expected to pass, but against CoinCountingApp it fails:"), "\(mismatch)")
        // Another subject's case is refused, never run against the wrong app.
        #expect(throws: ConformanceError.self) { try Conformance.corpusMismatch(PlayReferenceApp.self, file: path) }
    }

    @Test("Conformance.check records a Play failure at the caller's line, with a Replay line that selects the calling test")
    func checkRecordsAtCaller() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = #line + 2
        try withKnownIssue {
            try Conformance.check(CoinCountingApp.self, catalog: Self.coins, histories: 300, failuresFolder: folder)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(" failed after event ")
                    && $0.rawValue.contains("--filter 'PropertyTests\\.PlayReproductionTests/checkRecordsAtCaller\\(\\)'")
            } && issue.sourceLocation?.line == line
        }
    }
}
