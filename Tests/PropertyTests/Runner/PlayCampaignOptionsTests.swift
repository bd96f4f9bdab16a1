import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// `--jobs`, `--time-limit` and `--json` on Google Play campaigns.
@Suite("purchase-conformance check --jobs, --time-limit and --json on Google Play subjects")
struct PlayCampaignOptionsTests {
    @Test("--jobs changes nothing in the report: one thread and two find and shrink the same failure")
    func jobsSameReport() {
        let runs = ["1", "2"].map { jobs in
            InProcessTool.run(["check", "--subject", "play-example-keeps-replaced-token", "--jobs", jobs, "--histories", "400", "--no-save"])
        }
        #expect(runs.allSatisfy { $0.status == 1 })
        #expect(runs[0].output == runs[1].output)
        #expect(InProcessTool.run(["check", "--subject", "play-reference-app", "--jobs", "0", "--no-save"]).status == 2)
    }

    @Test("--profile sets a Play campaign's size; an option a Play campaign does not take is refused (exit 2), never ignored")
    func profileAndRefusals() {
        let quick = InProcessTool.run(["check", "--subject", "play-reference-app", "--profile", "quick", "--no-save"])
        #expect(quick.status == 0 && quick.output.contains(": 200 histories,"), "\(quick.output)")
        let positional = InProcessTool.run(["check", "--subject", "play-reference-app", "extra.json", "--no-save"])
        #expect(positional.status == 2 && positional.error.contains("check takes no positional arguments"), "\(positional.error)")
        for option in [["--health-threshold", "5"], ["--grants", "coins100=1"]] {
            let run = InProcessTool.run(["check", "--subject", "play-reference-app", "--no-save"] + option)
            #expect(run.status == 2, "\(option)")
            #expect(run.error.contains("\(option[0]) is not supported for Google Play subjects yet"), "\(option): \(run.error)")
        }
    }

    @Test("--shard I/N: the shards of a Play campaign together run exactly the unsharded histories")
    func shards() throws {
        func counts(_ extra: [String]) throws -> (histories: JSONValue?, events: Int64) {
            let run = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "500", "--no-save", "--json"] + extra)
            let report = try JSONValue.parse(run.output)
            guard case .int(let events)? = report["events"] else { return (nil, -1) }
            return (report["histories"], events)
        }
        let whole = try counts([])
        let parts = try ["1/3", "2/3", "3/3"].map { try counts(["--shard", $0]) }
        #expect(parts.map(\.histories) == [.int(167), .int(167), .int(166)])
        #expect(parts.map(\.events).reduce(0, +) == whole.events)
        #expect(InProcessTool.run(["check", "--subject", "play-reference-app", "--shard", "4/3", "--no-save"]).status == 2)
    }

    @Test("--observations writes one test_case line per generated Play history, then the minimal failing one, in the App Store's format")
    func observations() throws {
        let folder = try temporaryFolder("pc-play-observations")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let passing = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "120", "--no-save", "--observations", folder + "/ok.jsonl"])
        #expect(passing.status == 0)
        let lines = try String(contentsOfFile: folder + "/ok.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 120)
        let first = try JSONValue.parse(String(lines[0]))
        #expect(first["type"] == .string("test_case") && first["status"] == .string("passed"))
        #expect(first["property"] == .string("play-reference-app"))
        guard case .object(let features)? = first["features"], case .array(let events)? = first["arguments"]?["events"] else {
            Issue.record("no features or events in \(lines[0])")
            return
        }
        #expect(features.contains { $0.key.hasPrefix("event:") } == !events.isEmpty)
        let failing = InProcessTool.run(["check", "--subject", "play-example-ignores-hold", "--histories", "300", "--no-save", "--observations", folder + "/bad.jsonl"])
        #expect(failing.status == 1)
        let bad = try String(contentsOfFile: folder + "/bad.jsonl", encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        #expect(bad.last?["representation"] == .string("purchase(pro-monthly); setBilling(fail); advanceTime(P14D)"))
        #expect(bad.last?["how_generated"] == .string("shrunk (the minimal failing history)"))
        #expect(bad.dropLast().last?["status"] == .string("failed"))
    }

    @Test("--time-limit stops generating and says how far the campaign got")
    func timeLimit() {
        let run = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "100000000", "--time-limit", "0.3", "--no-save"])
        #expect(run.status == 0)
        #expect(run.output.contains("(the time limit stopped it before 100,000,000)"), "\(run.output)")
    }

    @Test("--json prints the App Store report's format for a Play campaign: passed, or the failure with its saved file and a Replay command that works")
    func json() throws {
        let folder = try temporaryFolder("pc-play-json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let passing = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "100", "--no-save", "--json"])
        #expect(passing.status == 0)
        let ok = try JSONValue.parse(passing.output)
        #expect(ok["format"] == .string("purchase-conformance-report/1") && ok["storeKind"] == .string("googlePlay"))
        #expect(ok["passed"] == .bool(true) && ok["histories"] == .int(100) && ok["failures"] == .array([]))
        let failing = InProcessTool.run(["check", "--subject", "play-example-ignores-hold", "--histories", "300", "--failures", folder, "--json"])
        #expect(failing.status == 1)
        let report = try JSONValue.parse(failing.output)
        #expect(report["passed"] == .bool(false) && report["stopReason"] == .string("stopped at the first failure"))
        guard case .array(let failures)? = report["failures"], let first = failures.first else {
            Issue.record("no failure in \(failing.output)")
            return
        }
        #expect(first["check"] == .string("on-hold-never-entitled"))
        #expect(first["events"] == .array(["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P14D)"].map { .string($0) }))
        guard case .string(let saved)? = first["savedPath"], case .string(let replay)? = first["replay"] else {
            Issue.record("no saved path or replay command in \(first.rendered())")
            return
        }
        #expect(try HistoryFile.readPlay(saved).events.count == 3)
        #expect(try InProcessTool.runReplayLine("  Replay: " + replay) == 0)
        // Run again: the saved failure is replayed first and reported in the same format.
        let again = InProcessTool.run(["check", "--subject", "play-example-ignores-hold", "--histories", "300", "--failures", folder, "--json"])
        let replayed = try JSONValue.parse(again.output)
        #expect(again.status == 1 && replayed["savedReplayed"] == .int(1) && replayed["histories"] == .int(0))
        guard case .array(let again1)? = replayed["failures"] else { return }
        #expect(again1.first?["replayedFrom"] == .string(saved))
    }
}
