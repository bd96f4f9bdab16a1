import purchase_conformance
import BuiltInSubjects
import ConformanceRunner
import Foundation
import SeedSystems
import Testing

/// Runs the `purchase-conformance` tool in this process and keeps what it printed.
struct InProcessTool {
    let status: Int32
    let output: String
    let error: String

    /// Runs the tool with `arguments`, knowing the built-in subjects and the seed systems; with
    /// `terminal`, standard error is taken for a terminal (the progress line is drawn).
    static func run(_ arguments: [String], terminal: Bool = false) -> InProcessTool {
        let out = TextBuffer()
        let err = TextBuffer()
        let io = ToolIO(
            standardOutput: { out.append($0) }, standardError: { err.append($0) }, errorIsTerminal: terminal,
            environment: terminal ? [:] : ["NO_COLOR": "1"])
        let status = PurchaseConformanceTool(subjects: BuiltInSubjects.all + SeedSystems.subjects, io: io).run(arguments)
        return InProcessTool(status: status, output: out.text, error: err.text)
    }

    /// Runs the first `Replay:` line of `output` in process (with `--expect`) and returns its exit status.
    static func runReplayLine(_ output: String) throws -> Int32 {
        try #require(try runReplayLines(output).first)
    }

    /// Runs every `Replay:` line of `output` in process (with `--expect`), in order, and returns their exit statuses.
    static func runReplayLines(_ output: String) throws -> [Int32] {
        try output.split(separator: "\n").filter { $0.contains("Replay: swift run purchase-conformance ") }.map { line in
            let command = String(line.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces)
            let words = try ExternalCommand.split(String(command.dropFirst("swift run purchase-conformance ".count)))
            #expect(words.first == "replay")
            let run = InProcessTool.run(words + ["--expect"])
            #expect(run.status == 0, "\(words): \(run.output)\(run.error)")
            return run.status
        }
    }
}

/// Text appended from any thread.
final class TextBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""

    func append(_ text: String) {
        lock.lock()
        value += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// A fresh temporary folder.
func temporaryFolder(_ prefix: String = "pc-user") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
