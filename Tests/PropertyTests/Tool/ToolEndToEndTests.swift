import Foundation
import Testing

/// The `purchase-conformance` command, run as a process: exit codes, help, errors, campaigns.
@Suite("The purchase-conformance command, end to end", .serialized)
struct ToolEndToEndTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pc-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--help answers for the tool and for every subcommand, with exit status 0")
    func help() throws {
        let top = try ToolProcess.run(["--help"])
        #expect(top.status == 0)
        #expect(top.output.contains("Usage: purchase-conformance <command>"))
        for command in ["check", "replay", "shrink", "model", "corpus", "demo"] {
            let result = try ToolProcess.run([command, "--help"])
            #expect(result.status == 0, "\(command) --help")
            #expect(result.output.contains("Usage: purchase-conformance \(command)"))
        }
    }

    @Test("No arguments, an unknown command and a bad flag are usage errors (exit 2)")
    func usageErrors() throws {
        #expect(try ToolProcess.run([]).status == 2)
        let unknown = try ToolProcess.run(["frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("unknown command \"frobnicate\""))
        let flag = try ToolProcess.run(["check", "--subject", "reference", "--bogus"])
        #expect(flag.status == 2)
        #expect(flag.error.contains("unknown option --bogus"))
        let value = try ToolProcess.run(["check", "--subject", "reference", "--histories", "many"])
        #expect(value.status == 2)
        #expect(value.error.contains("--histories many is not a number"))
    }

    @Test("A malformed history file exits 2 naming the file, the field and the event index")
    func malformedHistory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.json").path
        try Data(
            #"{"format":"purchase-history/1","catalog":{"products":[{"id":"p","type":"nonConsumable"}]},"events":[{"event":"purchase","product":"p"},{"event":"advanceTime","by":"soon"}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: path))
        for command in [["model", path], ["replay", path]] {
            let result = try ToolProcess.run(command)
            #expect(result.status == 2)
            #expect(result.error.contains(path))
            #expect(result.error.contains("event 1"))
            #expect(result.error.contains("field \"events[1].by\""))
        }
    }

    @Test(
        "model prints the store's views after each event of either store's file, one JSON line per event",
        arguments: [
            ("Tests/RegressionCorpus/Cases/bench-m8.json", ["\"currentEntitlements\"", "\"notifications\""]),
            ("Tests/PropertyTests/Fixtures/play-hold.json", [#""subscriptionState":"SUBSCRIPTION_STATE_ON_HOLD""#, #""queryPurchasesAsync":[]"#]),
        ])
    func modelLines(file: String, lastLineHas: [String]) throws {
        let result = try ToolProcess.run(["model", file])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.hasPrefix("{") })
        #expect(lastLineHas.allSatisfy { lines.last?.contains($0) == true }, "\(lines.last ?? "")")
    }

    @Test("replay of a corpus case fails as the file expects, and --expect turns that into exit 0")
    func replayCorpus() throws {
        let plain = try ToolProcess.run(["replay", "Tests/RegressionCorpus/Cases/bench-m1.json"])
        #expect(plain.status == 1)
        #expect(plain.output.contains("✘ refunded-never-entitled failed after event 2 of 2"))
        #expect(plain.output.contains("(as the file expects)"))
        let expecting = try ToolProcess.run(["replay", "Tests/RegressionCorpus/Cases", "--expect"])
        #expect(expecting.status == 0, "\(expecting.output)")
    }

    @Test("check finds the buggy Python example's bug (exit 1) and passes the correct one (exit 0)")
    func checkExec() throws {
        let buggy = try ToolProcess.run(
            ["check", "--exec", "python3 Examples/python/buggy_subject.py", "--histories", "300", "--no-save"])
        #expect(buggy.status == 1)
        #expect(buggy.output.contains("✘ refunded-never-entitled failed after event 2 of 2"))
        // Two minimal histories exist: a refunded purchase or a withdrawn family share of premium.
        #expect(buggy.output.contains("1. purchase(premium)") || buggy.output.contains("1. familyShare(premium)"))
        let correct = try ToolProcess.run(
            ["check", "--exec", "python3 Examples/python/correct_subject.py", "--histories", "200", "--no-save"])
        #expect(correct.status == 0, "\(correct.output)")
        #expect(correct.output.contains("all 12 checks held"))
    }

    @Test(
        "A subject that hangs, exits or prints garbage is a subject-responds failure with a minimal history",
        arguments: [("sleep", "restore"), ("exit", "update"), ("garbage", "query")])
    func misbehavingSubjects(mode: String, message: String) throws {
        let result = try ToolProcess.run(
            [
                "check", "--exec", "python3 Examples/python/misbehaving_subject.py \(mode) \(message)", "--histories", "200",
                "--no-save", "--timeout", "0.5",
            ], timeout: 300)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(result.output.contains("✘ subject-responds failed"))
        #expect(result.output.contains("Minimal history"))
    }

    @Test("A failure is saved atomically and corpus add promotes it")
    func saveAndPromote() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = folder.appendingPathComponent("failures").path
        let run = try ToolProcess.run(["check", "--subject", "bench-m7", "--histories", "2000", "--failures", failures])
        #expect(run.status == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: failures + "/bench-m7")
        #expect(saved.count == 1)
        let corpus = folder.appendingPathComponent("cases").path
        let add = try ToolProcess.run(["corpus", "add", failures + "/bench-m7/" + saved[0], "--name", "coin-cap", "--corpus", corpus])
        #expect(add.status == 0, "\(add.error)")
        #expect(add.output.contains("consumable-credited-once after event 3"))
        let list = try ToolProcess.run(["corpus", "list", "--corpus", corpus])
        #expect(list.output.contains("coin-cap.json: consumable-credited-once after event 3, 3 events, subject bench-m7"))
        let again = try ToolProcess.run(["check", "--subject", "bench-m7", "--histories", "2000", "--failures", failures])
        #expect(again.output.contains("Replayed from"))
    }

    @Test("The same seed prints the same report twice; shards together run the unsharded histories")
    func determinismAndShards() throws {
        let arguments = ["check", "--subject", "example-grace-lockout", "--histories", "1000", "--no-save", "--all-failures", "--json"]
        let first = try ToolProcess.run(arguments)
        #expect(first.status == 1)
        #expect(try ToolProcess.run(arguments + ["--jobs", "1"]).output == first.output)
        func histories(_ extra: [String]) throws -> Int {
            let result = try ToolProcess.run(["check", "--subject", "reference", "--histories", "400", "--no-save", "--json"] + extra)
            guard let range = result.output.range(of: #""events":\d+"#, options: .regularExpression) else { return -1 }
            return Int(result.output[range].dropFirst(9)) ?? -1
        }
        let whole = try histories([])
        let parts = try (1...4).map { try histories(["--shard", "\($0)/4"]) }
        #expect(whole > 0)
        #expect(parts.reduce(0, +) == whole)
    }
}
