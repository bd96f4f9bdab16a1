import BuiltInSubjects
import ConformanceRunner
import ConformanceTesting
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// A user's Swift subject, checked in `swift test`: the printed reproduce command re-runs it,
/// and the tool never replays its history against another subject.
@Suite("Reproducing a failure of a Swift subject")
struct ReproductionTests {
    static let catalog: Catalog = {
        do { return try Catalog(products: [Product(id: "premium", kind: .nonConsumable)]) } catch { preconditionFailure("\(error)") }
    }()

    /// Runs MyStore (the README's buggy subject) once, saving under `folder`; returns the saved file.
    func savedFailure(in folder: String, environment: [String: String] = [:]) throws -> (run: ConformanceRun, path: String) {
        let run = try Conformance.run(
            MyStore.self, catalog: Self.catalog, histories: 300, failuresFolder: folder, environment: environment,
            testFilter: "UserTests\\.StoreTests/purchases\\(\\)")
        let path = try #require(run.result.failures.first?.savedPath)
        return (run, path)
    }

    @Test("The report's Replay line re-runs the user's own test on the saved file, which keeps the test")
    func replayLineNamesTheTest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (run, path) = try savedFailure(in: folder)
        #expect(run.report.contains("Replay: PURCHASE_CONFORMANCE_REPLAY=\(path) swift test --filter 'UserTests\\.StoreTests/purchases\\(\\)'"))
        #expect(!run.report.contains("swift run purchase-conformance replay"))
        let saved = try HistoryFile.read(path)
        #expect(saved.origin?.subject == "MyStore")
        #expect(saved.origin?.test == "UserTests\\.StoreTests/purchases\\(\\)")
    }

    @Test("PURCHASE_CONFORMANCE_REPLAY=FILE makes the check replay that file against the same subject instead of generating")
    func replayVariable() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (first, path) = try savedFailure(in: folder)
        let replayed = try Conformance.run(
            MyStore.self, catalog: Self.catalog, failuresFolder: nil, environment: ["PURCHASE_CONFORMANCE_REPLAY": path])
        #expect(replayed.result.historiesRun == 0)
        let failure = try #require(replayed.result.failures.first)
        #expect(failure.replayedFrom == path)
        #expect(failure.check == first.result.failures.first?.check)
        #expect(replayed.report.contains("Replayed \(path) against MyStore"))
        // The fixed app passes the same file, and says the recorded failure is gone.
        let fixed = try Conformance.replay(
            named: "MyStore", file: path, factory: { catalog, context in CorrectStore(catalog: catalog, context: context) })
        #expect(fixed.passed)
        #expect(fixed.report.contains("fixed"))
        // Another subject is refused, never substituted.
        #expect(throws: ConformanceError.self) {
            try Conformance.run(ReferenceSubject.self, catalog: Self.catalog, environment: ["PURCHASE_CONFORMANCE_REPLAY": path])
        }
    }

    @Test("Conformance.check records the failure with a Replay line that selects the calling test")
    func checkNamesCallingTest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try withKnownIssue {
            try Conformance.check(MyStore.self, catalog: Self.catalog, histories: 300, failuresFolder: folder)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("--filter 'PropertyTests\\.ReproductionTests/checkNamesCallingTest\\(\\)'")
            } && issue.sourceLocation?.line == #line - 4
        }
    }

    @Test("Outside any running test (a detached task) the failure is thrown, never silently dropped")
    func outsideTestsThrows() async throws {
        let error = await Task.detached { () -> ConformanceError? in
            do {
                try Conformance.check(MyStore.self, catalog: Self.catalog, histories: 300, failuresFolder: nil)
                return nil
            } catch {
                return error as? ConformanceError
            }
        }.value
        #expect(error?.message.contains("✘ refunded-never-entitled failed") == true)
    }

    @Test("replay refuses (exit 2) a history of a Swift subject it cannot run and says what to run instead")
    func toolRefusesForeignSubject() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, path) = try savedFailure(in: folder)
        let result = InProcessTool.run(["replay", path])
        #expect(result.status == 2)
        #expect(result.error.contains("is a history of MyStore"))
        #expect(result.error.contains("PURCHASE_CONFORMANCE_REPLAY=\(path) swift test --filter 'UserTests\\.StoreTests/purchases\\(\\)'"))
        #expect(result.error.contains("Conformance.replay(MyStore.self, file: \"\(path)\")"))
        #expect(!result.output.contains("every check held"))
        #expect(InProcessTool.run(["shrink", path]).status == 2)
    }

    @Test("A history of a program checked with --exec is replayed with --exec, never against the reference subject")
    func execSubject() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var history = History(catalog: Self.catalog, events: [.purchase("premium")])
        history.origin = HistoryOrigin(subject: "exec-buggy_subject.py")
        let path = folder + "/exec.json"
        try HistoryFile.write(history, to: path)
        let result = InProcessTool.run(["replay", path])
        #expect(result.status == 2)
        #expect(result.error.contains("--exec"))
        #expect(ReproduceCommand.tool(["--exec", "python3 buggy.py"]).line(for: "a b.json")
            == "swift run purchase-conformance replay 'a b.json' --exec 'python3 buggy.py'")
    }

    @Test("replay of the failures folder looks into its per-subject subfolders")
    func replayRecurses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Conformance.run(
            named: "example-refund-ignored", catalog: ExampleCatalog.standard, histories: 2_000, failuresFolder: folder,
            environment: [:], factory: ExampleApp.factory(.refundIgnored))
        let result = InProcessTool.run(["replay", folder, "--expect"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("/example-refund-ignored/refunded-never-entitled-"))
        #expect(result.output.contains("(as the file expects)"))
    }
}
