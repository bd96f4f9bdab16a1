import ConformanceRunner
import Foundation
import Testing

/// The tool on Google Play histories and subjects, run as a process; the README's commands.
@Suite("purchase-conformance on Google Play, end to end", .serialized)
struct PlayToolTests {
    @Test("replay --expect holds for the saved Play failure; the reference app passes the same file")
    func replay() throws {
        #expect(try ToolProcess.run(["replay", "Tests/PropertyTests/Fixtures/play-hold.json", "--expect"]).status == 0)
        let reference = try ToolProcess.run(["replay", "Tests/PropertyTests/Fixtures/play-hold.json", "--subject", "play-reference-server"])
        #expect(reference.status == 0)
        #expect(reference.output.contains("every check held"))
    }

    @Test("check on a buggy Play example exits 1 with the shrunk report; the reference exits 0; the saved file replays")
    func check() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-play-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let buggy = try ToolProcess.run(["check", "--subject", "play-example-ignores-hold", "--histories", "300", "--failures", folder])
        #expect(buggy.status == 1)
        #expect(buggy.output.contains("✘ on-hold-never-entitled failed after event 3 of 3"))
        let replayLine = try #require(buggy.output.split(separator: "\n").first { $0.contains("Replay: swift run purchase-conformance ") })
        let replayArgs = replayLine.split(separator: " ").drop { $0 != "replay" }.map(String.init)
        let again = try ToolProcess.run(replayArgs + ["--expect"])
        #expect(again.status == 0, "\(replayArgs)")
        #expect(try ToolProcess.run(["check", "--subject", "play-reference-app", "--histories", "200"]).status == 0)
    }

    @Test("A bad Play file exits 2 naming the file, the field and the event")
    func badFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pc-play-bad-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"format":"purchase-history/1","storeKind":"googlePlay","catalog":{"oneTime":[{"id":"x"}]},"events":[{"event":"cancel","token":1}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = try ToolProcess.run(["model", path])
        #expect(result.status == 2)
        #expect(result.error.contains(path))
        #expect(result.error.contains("cancel(#1)"))
        let store = try ToolProcess.run(["check", "--store", "amazon", "--subject", "reference"])
        #expect(store.status == 2)
    }

    @Test("The Python Play subject over --exec: correct passes, each bug is caught",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"),
          arguments: [("", 0), ("--server", 0), ("--bug grants-pending", 1), ("--bug double-credit", 1)])
    func python(flags: String, status: Int32) throws {
        let result = try ToolProcess.run([
            "check", "--store", "googlePlay", "--exec", "python3 Examples/python/play_subject.py \(flags)", "--histories", "150", "--no-save",
        ])
        #expect(result.status == status, "\(result.output)\(result.error)")
    }
}

extension PlayToolTests {
    @Test("model --acknowledge none shows what Google does when nobody acknowledges: refunded after three days")
    func modelUnacknowledged() throws {
        let result = try ToolProcess.run(["model", "Tests/PropertyTests/Fixtures/play-hold.json", "--acknowledge", "none"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").last?.contains(#""refundedUnacknowledged":["token-1"]"#) == true)
    }
}

extension PlayToolTests {
    @Test("check options a Play campaign does not support are refused (exit 2), never silently ignored")
    func unsupportedOptions() throws {
        let result = try ToolProcess.run(["check", "--subject", "play-reference-app", "--health-threshold", "5"])
        #expect(result.status == 2)
        #expect(result.error.contains("--health-threshold is not supported for Google Play subjects yet"))
    }

    @Test("--list-subjects names the Google Play subjects")
    func listSubjects() throws {
        let result = try ToolProcess.run(["check", "--list-subjects"])
        #expect(result.output.contains("play-reference-app"))
        #expect(result.output.contains("play-example-ignores-hold"))
    }
}

extension PlayToolTests {
    @Test("The README's Google Play commands work as printed, with the exit status they say")
    func readmeCommands() throws {
        let readme = try String(contentsOfFile: "README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Google Play, checked by the same suite").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        var ran = 0
        for line in block.split(separator: "\n") {
            let command = String(line.split(separator: "#").first ?? "").trimmingCharacters(in: .whitespaces)
            guard command.hasPrefix("swift run purchase-conformance ") else { continue }
            let words = try ExternalCommand.split(String(command.dropFirst("swift run purchase-conformance ".count)))
            if words.contains(where: { $0.hasPrefix("python3") }), !ExternalFixtures.hasPython { continue }
            let expected: Int32 = line.contains("exit 1") || words.contains { $0.contains("--bug") } ? 1 : 0
            let result = try ToolProcess.run(words + (words.first == "check" && !words.contains("--histories") ? ["--histories", "300"] : []))
            #expect(result.status == expected, "\(command): \(result.error)")
            ran += 1
        }
        #expect(ran >= 3)
    }
}
