import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// `--checks` and `--skip-checks` on Google Play subjects and files: a switched-off check is
/// never reported, the printed Replay line carries the selection, and bad names are refused.
@Suite("purchase-conformance --checks and --skip-checks on Google Play")
struct PlayCheckSelectionTests {
    @Test("A skipped check is never reported: the campaign moves past it, and the saved failure's Replay line works as printed")
    func skippedNeverReported() throws {
        let folder = try temporaryFolder("pc-play-checks")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let all = InProcessTool.run(["check", "--subject", "play-example-ignores-hold", "--histories", "500", "--no-save"])
        #expect(all.output.contains("✘ on-hold-never-entitled failed"), "\(all.output)")
        let skipped = InProcessTool.run([
            "check", "--subject", "play-example-ignores-hold", "--skip-checks", "on-hold-never-entitled", "--histories", "500", "--failures", folder,
        ])
        #expect(!skipped.output.contains("on-hold-never-entitled failed"), "\(skipped.output)")
        guard skipped.status == 1 else {
            #expect(skipped.status == 0 && skipped.output.contains("all 14 checks held"), "\(skipped.output)")
            return
        }
        let replayLine = try #require(skipped.output.split(separator: "\n").first { $0.contains("Replay: swift run purchase-conformance ") })
        #expect(replayLine.hasSuffix("--skip-checks on-hold-never-entitled"), "\(replayLine)")
        #expect(try InProcessTool.runReplayLine(skipped.output) == 0)
    }

    @Test("--all-failures reports one shrunk failure per distinct check, each saved with a Replay line that works as printed")
    func allFailures() throws {
        let folder = try temporaryFolder("pc-play-all")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = InProcessTool.run(["check", "--subject", "play-example-ignores-hold", "--all-failures", "--histories", "1000", "--failures", folder])
        #expect(run.status == 1)
        let verdicts = run.output.split(separator: "\n").filter { $0.hasPrefix("✘ ") && $0.contains(" failed ") }.map { $0.split(separator: " ")[1] }
        #expect(verdicts.count >= 2, "\(run.output)")
        #expect(Set(verdicts).count == verdicts.count, "one failure per check: \(verdicts)")
        #expect(verdicts.first == "on-hold-never-entitled")
        #expect(run.output.contains("✘ play-example-ignores-hold: \(verdicts.count) failing checks"), "\(run.output)")
        let statuses = try InProcessTool.runReplayLines(run.output)
        #expect(statuses.count == verdicts.count && statuses.allSatisfy { $0 == 0 })
    }

    @Test("--checks keeps only the named checks (and subject-responds): a buggy example whose check is left out passes")
    func onlyNamed() {
        let result = InProcessTool.run(["check", "--subject", "play-example-grants-pending", "--checks", "paused-never-entitled", "--histories", "300", "--no-save"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all 2 checks held"), "\(result.output)")
    }

    @Test("replay of a Play file with its failing check skipped passes; without, it fails as the file expects")
    func replaySkipping() {
        let file = "Tests/RegressionCorpus/Cases/play-ignores-hold.json"
        #expect(InProcessTool.run(["replay", file, "--expect"]).status == 0)
        let skipped = InProcessTool.run(["replay", file, "--skip-checks", "on-hold-never-entitled"])
        #expect(skipped.status == 0, "\(skipped.output)\(skipped.error)")
    }

    @Test("An unknown check name, and switching off subject-responds, are refused (exit 2)")
    func refused() {
        for args in [["--checks", "bogus"], ["--skip-checks", "subject-responds"], ["--skip-checks", "one-level-per-group"]] {
            let result = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "5", "--no-save"] + args)
            #expect(result.status == 2, "\(args)")
            #expect(result.error.contains("unknown Google Play check") || result.error.contains("cannot be switched off"), "\(args): \(result.error)")
        }
    }
}
