import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// Hostile Google Play input: files the model's work would blow up on, events only some apps'
/// replies make possible, and `--exec` programs whose `start` or replies are malformed. Each is
/// a clear error naming the file and event (exit 2) or the subject's line (`subject-responds`).
@Suite("Hostile Google Play input never hangs, crashes or misreports", .serialized)
struct PlayHostileInputTests {
    /// A Play history file in `folder` with `events` (compact spellings) and the example catalog.
    static func file(_ events: [String], in folder: String, name: String = "h", subject: String = "play-reference-app") throws -> String {
        try PlayHistory(events: try events.map { try PlayEvent(compact: $0) }, origin: HistoryOrigin(subject: subject)).written(in: folder, name: name)
    }

    @Test("A history whose tokens exist only because the app consumed and bought again reads, models and replays (it was refused)")
    func possibleAfterReplies() throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(["purchase(coins100)", "purchase(coins100)", "void(#2, refund)"], in: folder)
        #expect(throws: Never.self) { try HistoryFile.readPlay(path) }
        let replay = InProcessTool.run(["replay", path])
        #expect(replay.status == 0, "\(replay.output)\(replay.error)")
        let model = InProcessTool.run(["model", path])
        #expect(model.status == 0, "\(model.error)")
        #expect(model.output.split(separator: "\n").last?.contains(#""status":"voided","token":"token-2""#) == true)
        // Without the app's replies the second token never exists: a clear error, not a crash.
        let bare = InProcessTool.run(["model", path, "--acknowledge", "none"])
        #expect(bare.status == 2)
        #expect(bare.error.contains("\(path), event 2, field \"events[2]\": void(#2, refund) is not possible here"), "\(bare.error)")
    }

    @Test("An event a subject's own replies make impossible is an error naming file, event and subject (exit 2), never a check failure",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func impossibleForThisSubject() throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(["purchase(coins100)", "purchase(coins100)", "void(#2, refund)"], in: folder)
        // Credits the coins it is told of but never consumes them: the second purchase is ITEM_ALREADY_OWNED, so there is no token #2.
        let script = folder + "/hoarder.py"
        try Data("""
            import json, sys
            seen = {}
            for line in sys.stdin:
                msg = json.loads(line)
                for p in msg.get("purchases", []):
                    if p["purchaseState"] == "PURCHASED":
                        seen[p["token"]] = p["quantity"]
                balances = {"coins100": sum(seen.values())}
                reply = {"type": "state", "entitled": [], "balances": balances} if msg["type"] == "query" else {"type": "ok"}
                print(json.dumps(reply), flush=True)
            """.utf8).write(to: URL(fileURLWithPath: script))
        let run = InProcessTool.run(["replay", path, "--store", "googlePlay", "--exec", "\(ExternalFixtures.interpreter) \(script)"])
        #expect(run.status == 2, "\(run.output)\(run.error)")
        #expect(run.error.contains("\(path), event 2, field \"events[2]\": void(#2, refund) is not possible after this subject's replies"), "\(run.error)")
        #expect(run.error.contains("(against exec-hoarder.py)"))
        #expect(!run.output.contains("entitlements-match"))
        // The same file in the failures folder: check says so (exit 2) rather than skipping it.
        try FileManager.default.createDirectory(atPath: folder + "/failures/exec-hoarder.py", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: folder + "/failures/exec-hoarder.py/saved.json")
        let check = InProcessTool.run([
            "check", "--store", "googlePlay", "--exec", "\(ExternalFixtures.interpreter) \(script)", "--failures", folder + "/failures",
            "--histories", "3",
        ])
        #expect(check.status == 2, "\(check.output)\(check.error)")
        #expect(check.error.contains("saved.json, event 2, field \"events[2]\": void(#2, refund) is not possible after this subject's replies"), "\(check.error)")
    }

    @Test("A history past 500,000 token-events is refused at the event that crosses the limit, in seconds, by replay, model and shrink")
    func workLimit() throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each purchase is consumed, so each makes a new token: 1,000 of them cost about 500,000.
        let path = try Self.file(Array(repeating: "purchase(coins100)", count: 1_000), in: folder)
        let began = Date()
        for command in ["replay", "model", "shrink"] {
            let run = InProcessTool.run([command, path])
            #expect(run.status == 2, "\(command): \(run.error)")
            #expect(run.error.contains("\(path), event 998, field \"events[998]\""), "\(command): \(run.error)")
            #expect(run.error.contains("past 500000 token-events"), "\(command): \(run.error)")
        }
        #expect(Date().timeIntervalSince(began) < 60)
    }

    @Test("A trace too long to print is refused by model before printing, and the replay it suggests runs")
    func traceLimit() throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(Array(repeating: "purchase(coins100)", count: 700), in: folder)
        let model = InProcessTool.run(["model", path])
        #expect(model.status == 2)
        #expect(model.output.isEmpty)
        let suggested = try #require(model.error.components(separatedBy: "`purchase-conformance ").dropFirst().first?.components(separatedBy: "`").first)
        let replay = InProcessTool.run(try ExternalCommand.split(suggested))
        #expect(replay.status == 0, "\(suggested): \(replay.error)")
    }

    @Test("A program checked as the other store's subject fails at start, and the note says which --store it needs",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func otherStore() {
        let play = InProcessTool.run(["check", "--exec", "python3 Examples/python/play_subject.py", "--histories", "5", "--no-save"])
        #expect(play.status == 1)
        #expect(play.error.contains("a Google Play subject needs --store googlePlay"), "\(play.error)")
        let appStore = InProcessTool.run(["check", "--store", "googlePlay", "--exec", "python3 Examples/python/correct_subject.py", "--histories", "5", "--no-save"])
        #expect(appStore.status == 1)
        #expect(appStore.error.contains("an App Store subject runs without --store googlePlay"), "\(appStore.error)")
        let fine = InProcessTool.run(["check", "--store", "googlePlay", "--exec", "python3 Examples/python/play_subject.py", "--histories", "5", "--no-save"])
        #expect(fine.status == 0 && !fine.error.contains("note:"), "\(fine.error)")
    }

    @Test(
        "A Play program's malformed start or reply is a subject-responds failure that names the message and what is wrong",
        .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"),
        arguments: [
            (#"{"type": "ok", "wants": "everything"}"#, "`start`: \"wants\" is a list of names"),
            (#"{"type": "ok", "wants": ["notifications", "ticks"]}"#, "`start`: \"ticks\" in \"wants\" is not one of notifications, billingResponses, voidedPurchases"),
            (#"{"type": "ok", "type": "state"}"#, "`start`: the reply is not valid JSON (line 1, column 16: duplicate member \"type\")"),
            ("{\"type\": \"ok\", \"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}", "nesting deeper than 256 levels"),
        ])
    func badStart(reply: String, message: String) throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/bad.py"
        try Data("import sys\nfor line in sys.stdin:\n    print(\(String(reflecting: reply)), flush=True)\n".utf8).write(to: URL(fileURLWithPath: script))
        let run = InProcessTool.run([
            "check", "--store", "googlePlay", "--exec", "\(ExternalFixtures.interpreter) \(script)", "--histories", "5", "--no-save", "--timeout", "2",
        ])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("✘ subject-responds failed at launch"))
        #expect(run.output.contains(message), "\(run.output)")
        // Nothing a history draws reaches start, so the failure is not shrunk (each candidate would cost a run).
        #expect(run.output.contains("  Minimal history:\n    (no events)\n"), "\(run.output)")
        #expect(run.output.contains("Found after 1 history · seed"), "\(run.output)")
    }

    @Test("A program that answers each of Google's answers with ten calls fails subject-responds at once, not after 10^8 round trips",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func answerFanOut() throws {
        let folder = try temporaryFolder("pc-play-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.file(["purchase(lifetime)"], in: folder)
        let script = folder + "/fan.py"
        try Data("""
            import json, sys
            owned = set()
            for line in sys.stdin:
                msg = json.loads(line)
                kind, reply = msg["type"], {"type": "ok"}
                if kind == "start":
                    reply["wants"] = ["billingResponses"]
                elif kind == "purchasesUpdated":
                    reply["acknowledge"] = [p["token"] for p in msg["purchases"]]
                    owned.update(x for p in msg["purchases"] for x in p["products"])
                elif kind == "billingResponse":
                    reply[msg["call"]] = [msg["token"]] * 10
                elif kind == "query":
                    reply = {"type": "state", "entitled": sorted(owned)}
                print(json.dumps(reply), flush=True)
            """.utf8).write(to: URL(fileURLWithPath: script))
        let began = Date()
        let run = InProcessTool.run(["report", path, "--store", "googlePlay", "--exec", "\(ExternalFixtures.interpreter) \(script)"])
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("✘ subject-responds failed after event 1 of 1"))
        #expect(run.output.contains("at most 8 calls in answer to Google's answers (8 retries for each of the 1 calls made for onPurchasesUpdated"), "\(run.output)")
        #expect(Date().timeIntervalSince(began) < 30)
    }
}
