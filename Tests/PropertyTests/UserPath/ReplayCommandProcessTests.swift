import ConformanceRunner
import Foundation
import Testing

/// The report's `Replay:` command, run for real: this test bundle is started again (as
/// `swift test` starts it for Swift Testing) with `PURCHASE_CONFORMANCE_REPLAY` and the
/// printed `--filter`, and the README's test replays the saved file against its own subject.
@Suite("The printed Replay command, run as a process")
struct ReplayCommandProcessTests {
    @Test("PURCHASE_CONFORMANCE_REPLAY=FILE with the printed --filter runs only that test, on that file")
    func replayCommandRuns() throws {
        let bundle = try #require(CommandLine.arguments.first)
        guard bundle.lowercased().contains("xctest") else { return }   // not run from a test bundle: nothing to start
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let filter = "PropertyTests\\.ReadmeQuickStart/purchases\\(\\)"
        let run = try Conformance.run(
            MyStore.self, catalog: ReproductionTests.catalog, histories: 300, failuresFolder: folder, environment: [:],
            testFilter: filter)
        let path = try #require(run.result.failures.first?.savedPath)
        #expect(run.report.contains("Replay: PURCHASE_CONFORMANCE_REPLAY=\(path) swift test --filter '\(filter)'"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: bundle)
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment["PURCHASE_CONFORMANCE_REPLAY"] = path
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = OutputCollector(out.fileHandleForReading)
        process.waitUntilExit()
        let text = output.finish()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("Replayed \(path) against MyStore"), "\(text)")
        #expect(text.contains("Replayed from \(path)"), "\(text)")
        #expect(text.contains("1 test"), "only the README's test ran: \(text)")
    }
}
