import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// Every command that takes a history file reads Google Play files as it reads App Store ones
/// (`shrink`, `report`, `corpus add`/`list`, `replay` of a file or a folder), in process; and
/// every `Replay:` line a Play report prints runs and reproduces the failure.
@Suite("purchase-conformance commands on Google Play history files")
struct PlayToolFileTests {
    static let hold = "Tests/PropertyTests/Fixtures/play-hold.json"

    /// play-hold with two events before it and one after that the failure does not need.
    static func paddedHold(in folder: String) throws -> String {
        var history = try HistoryFile.readPlay(hold)
        history.events = [try PlayEvent(compact: "purchase(coins100)")] + history.events + [.advanceTime(by: .days(1))]
        history.expect = nil
        return try history.written(in: folder, name: "padded")
    }

    @Test("shrink on a Play file drops the events the failure does not need, writes the result, and its Replay line reproduces it")
    func shrink() throws {
        let folder = try temporaryFolder("pc-play-shrink")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.paddedHold(in: folder)
        let run = InProcessTool.run(["shrink", path])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("✘ on-hold-never-entitled failed after event 3 of 3"))
        #expect(run.output.contains("shrunk from 5 events"))
        let shrunk = try HistoryFile.readPlay(folder + "/padded.shrunk.json")
        #expect(shrunk.events.map(\.compact) == ["purchase(pro-monthly)", "setBilling(fail)", "advanceTime(P14D)"])
        #expect(shrunk.expect == .fails(check: "on-hold-never-entitled", atEvent: 2))
        #expect(shrunk.origin?.subject == "play-example-ignores-hold")
        #expect(try InProcessTool.runReplayLine(run.output) == 0)
    }

    @Test("shrink refuses (exit 2) a Play file that does not fail against its subject")
    func shrinkPassing() throws {
        let run = InProcessTool.run(["shrink", Self.hold, "--subject", "play-reference-server", "--out", "/nonexistent/x.json"])
        #expect(run.status == 2)
        #expect(run.error.contains("does not fail against play-reference-server"))
    }

    @Test("report on a Play file prints the failure report with the file's own history; its Replay line reproduces it")
    func report() throws {
        let run = InProcessTool.run(["report", Self.hold])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("  History (replayed from a saved file):\n    1. purchase(pro-monthly)"), "\(run.output)")
        #expect(run.output.contains("Replayed from \(Self.hold)"))
        #expect(try InProcessTool.runReplayLine(run.output) == 0)
        let passing = InProcessTool.run(["report", Self.hold, "--subject", "play-reference-server"])
        #expect(passing.status == 0)
        #expect(passing.output.contains("✔ every check held after 3 events"))
    }

    @Test("corpus add confirms a Play failure and writes it with its expect; corpus list shows it; a fixed subject is refused")
    func corpus() throws {
        let folder = try temporaryFolder("pc-play-corpus")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let added = InProcessTool.run(["corpus", "add", Self.hold, "--corpus", folder, "--name", "hold"])
        #expect(added.status == 0, "\(added.error)")
        let saved = try HistoryFile.readPlay(folder + "/hold.json")
        #expect(saved.expect == .fails(check: "on-hold-never-entitled", atEvent: 2))
        #expect(saved.origin?.subject == "play-example-ignores-hold")
        let list = InProcessTool.run(["corpus", "list", "--corpus", folder])
        #expect(list.status == 0)
        #expect(list.output == "hold.json: on-hold-never-entitled after event 3, 3 events, subject play-example-ignores-hold (Google Play)\n")
        let fixed = InProcessTool.run(["corpus", "add", Self.hold, "--corpus", folder, "--name", "x", "--subject", "play-reference-server"])
        #expect(fixed.status == 2)
        #expect(fixed.error.contains("a failure is not added as a passing case"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.json"))
    }

    @Test("replay of a folder holding App Store and Play files replays each against its own store's subject")
    func replayMixedFolder() throws {
        let folder = try temporaryFolder("pc-play-mixed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.hold, toPath: folder + "/a-play.json")
        try FileManager.default.copyItem(atPath: "Tests/RegressionCorpus/Cases/example-refund-ignored.json", toPath: folder + "/b-appstore.json")
        let run = InProcessTool.run(["replay", folder, "--expect"])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.contains("✘ on-hold-never-entitled failed after event 3"), "\(run.output)")
        #expect(run.output.contains("  Subject: play-example-ignores-hold (as the file expects)"), "\(run.output)")
        #expect(run.output.contains("(as the file expects)"))
        let json = InProcessTool.run(["replay", folder, "--json"])
        let lines = json.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""meetsExpectation":true,"outcome":"failed","subject":"play-example-ignores-hold""#) == true)
    }

    @Test(
        "Options and subjects that do not fit a Play file are refused (exit 2) naming the file, never ignored or swapped",
        arguments: [
            (["replay", hold, "--catalog", "x.json"], "--catalog applies to App Store histories only"),
            (["replay", hold, "--grants", "coins100=100"], "--grants applies to App Store histories only"),
            (["replay", hold, "--checks", "one-level-per-group"], "unknown Google Play check \"one-level-per-group\""),
            (["shrink", hold, "--subject", "reference"], "reference is not a Google Play subject"),
            (["corpus", "add", hold, "--store", "appStore"], "--store appStore does not fit it"),
            (["replay", hold, "--subject", "play-reference-app", "--exec", "python3 x.py"], "either --subject or --exec"),
        ])
    func refused(arguments: [String], message: String) {
        let run = InProcessTool.run(arguments)
        #expect(run.status == 2)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test("A Play file whose origin names a subject this tool cannot run is refused with what to run instead, never replayed against another")
    func unknownOrigin() throws {
        let folder = try temporaryFolder("pc-play-origin")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var history = try HistoryFile.readPlay(Self.hold)
        for (name, hint) in [("exec-my_app.py", "--store googlePlay --exec 'CMD ARG…'"), ("MyPlayApp", "not built into purchase-conformance")] {
            history.origin?.subject = name
            let path = try history.written(in: folder, name: name)
            for command in ["replay", "shrink", "report"] {
                let run = InProcessTool.run([command, path])
                #expect(run.status == 2, "\(command) \(name)")
                #expect(run.error.contains(hint), "\(command): \(run.error)")
            }
        }
    }

    @Test("A Play failure of an --exec subject: its saved file's Replay line, shrink and report run the program again",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func execReplayLine() throws {
        let folder = try temporaryFolder("pc-play-exec")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let exec = "python3 Examples/python/play_subject.py --bug grants-pending"
        let run = InProcessTool.run(["check", "--store", "googlePlay", "--exec", exec, "--histories", "300", "--failures", folder])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("--store googlePlay --exec '\(exec)'"))
        #expect(try InProcessTool.runReplayLine(run.output) == 0)
        let path = try #require(HistoryFile.historyFiles(under: folder)?.first)
        let bare = InProcessTool.run(["replay", path])
        #expect(bare.status == 2)
        #expect(bare.error.contains("a program in another process"))
        let shrunk = InProcessTool.run(["shrink", path, "--exec", exec, "--out", folder + "/shrunk.json"])
        #expect(shrunk.status == 1, "\(shrunk.error)")
        #expect(try InProcessTool.runReplayLine(shrunk.output) == 0)
        let report = InProcessTool.run(["report", path, "--store", "googlePlay", "--exec", exec])
        #expect(report.status == 1)
        #expect(try InProcessTool.runReplayLine(report.output) == 0)
    }

    @Test("check replays a Play subject's saved failures first, as for the App Store: one that still fails is reported before generating")
    func savedFailuresFirst() throws {
        let folder = try temporaryFolder("pc-play-saved")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["check", "--subject", "play-example-ignores-hold", "--histories", "300", "--failures", folder]
        let first = InProcessTool.run(arguments)
        #expect(first.status == 1)
        let saved = try #require(HistoryFile.historyFiles(under: folder)?.first)
        let again = InProcessTool.run(arguments + ["--seed", "1"])
        #expect(again.status == 1)
        #expect(again.output.contains("Replayed from \(saved)"), "\(again.output)")
        #expect(try InProcessTool.runReplayLine(again.output) == 0)
        // Saved in the reference's folder, the same file passes: the campaign runs as usual.
        try FileManager.default.createDirectory(atPath: folder + "/play-reference-server", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: saved, toPath: folder + "/play-reference-server/x.json")
        let reference = InProcessTool.run(["check", "--subject", "play-reference-server", "--histories", "50", "--failures", folder])
        #expect(reference.status == 0, "\(reference.output)")
        #expect(reference.error.contains("1 saved failure of play-reference-server replayed first"))
    }

    @Test("A saved Play failure that cannot be read stops check with an error naming the file and field (exit 2), before generating")
    func unreadableSavedFailure() throws {
        let folder = try temporaryFolder("pc-play-saved-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/play-reference-app", withIntermediateDirectories: true)
        let path = folder + "/play-reference-app/bad.json"
        for (text, message) in [(#"{"format":"purchase-history/1","storeKind":"googlePlay""#, "not valid JSON"),
                                (#"{"format":"purchase-history/1","events":[]}"#, #"field "storeKind""#)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let run = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "10", "--failures", folder])
            #expect(run.status == 2)
            #expect(run.error.contains("\(path)") && run.error.contains(message), "\(run.error)")
            #expect(run.output.isEmpty)
        }
    }

    @Test("A Play failure of an --exec program shows what it wrote on standard error during the failing history, as an App Store one does",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func subjectStandardError() throws {
        let folder = try temporaryFolder("pc-play-stderr")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/granter.py"
        try Data("""
            import json, sys
            for line in sys.stdin:
                kind = json.loads(line)["type"]
                if kind == "query":
                    sys.stderr.write("granting lifetime, paid or not\\n")
                    sys.stderr.flush()
                reply = {"type": "state", "entitled": ["lifetime"]} if kind == "query" else {"type": "ok"}
                print(json.dumps(reply), flush=True)
            """.utf8).write(to: URL(fileURLWithPath: script))
        let exec = "\(ExternalFixtures.interpreter) \(script)"
        let run = InProcessTool.run(["check", "--store", "googlePlay", "--exec", exec, "--histories", "5", "--failures", folder + "/f"])
        #expect(run.status == 1)
        #expect(run.output.contains("  Subject's standard error:\n    | granting lifetime, paid or not"), "\(run.output)")
        let path = try #require(HistoryFile.historyFiles(under: folder + "/f")?.first)
        let report = InProcessTool.run(["report", path, "--exec", exec])
        #expect(report.output.contains("    | granting lifetime, paid or not"))
    }
}
