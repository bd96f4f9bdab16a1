import Foundation
import PurchaseStateMachine

/// Writes a campaign's test cases as observations: one JSON object per line, in the format
/// Hypothesis's observability feature writes and Tyche reads (`type: "test_case"`).
///
/// docs/Reports.md lists every field. Timing and `run_start` are measured, so two runs differ
/// there; everything else is the same for the same seed.
package struct ObservationLog: Sendable {
    /// The property the cases test: the subject's name (or a test's name).
    package var property: String
    /// When the run began, in seconds since 1970 (groups the lines of one run).
    package var runStart: Double
    /// The campaign's seed, in hex.
    package var seed: String

    /// Creates a log for `property`.
    package init(property: String, runStart: Double = Date().timeIntervalSince1970, seed: String) {
        self.property = property
        self.runStart = runStart
        self.seed = seed
    }

    /// One line per observation: every generated history in order, then each reported
    /// failure's minimal history (or the saved file it was replayed from), its features counted
    /// by its store (`Store.features`).
    package func lines<St: Store>(_ result: StoreCampaignResult<St>) -> [String] {
        var out = result.observations.map { line($0) }
        for failure in result.failures {
            let events = Array(failure.history.events.prefix(max(0, failure.failure.eventIndex + 1)))
            let how = failure.replayedFrom.map { "replayed from \($0)" } ?? "shrunk (the minimal failing history)"
            let observation = CaseObservation(
                status: failure.flaky ? .passed : .failed, statusReason: Self.reason(failure.failure),
                events: events.map(\.compact), historyNumber: nil, howGenerated: how, features: St.features(failure),
                failingChecks: failure.failure.checks.map(\.rawValue), failedAtEvent: failure.failure.eventIndex,
                seconds: 0)
            out.append(line(observation))
        }
        return out
    }

    /// The text of every line, each ending in a newline.
    package func text<St: Store>(_ result: StoreCampaignResult<St>) -> String {
        lines(result).map { $0 + "\n" }.joined()
    }

    /// One observation as a JSON object on one line.
    package func line(_ o: CaseObservation) -> String {
        var metadata: [(key: String, value: JSONValue)] = [
            ("seed", .string(seed)), ("tool", .string(ToolVersion.text)), ("events", .int(Int64(o.events.count))),
        ]
        if let n = o.historyNumber { metadata.append(("history_number", .int(Int64(n)))) }
        if !o.failingChecks.isEmpty { metadata.append(("failing_checks", .array(o.failingChecks.map { .string($0) }))) }
        if let at = o.failedAtEvent { metadata.append(("failed_after_event", .int(Int64(at + 1)))) }
        let value = JSONValue.object([
            ("type", .string("test_case")),
            ("status", .string(o.status.rawValue)),
            ("status_reason", .string(o.statusReason)),
            ("representation", .string(o.events.isEmpty ? "(no events)" : o.events.joined(separator: "; "))),
            ("arguments", .object([("events", .array(o.events.map { .string($0) }))])),
            ("how_generated", .string(o.howGenerated)),
            ("features", .object(o.features.map { ($0.label, .int(Int64($0.count))) })),
            ("coverage", .null),
            ("timing", .object([("execute:test", .double(o.seconds))])),
            ("metadata", .object(metadata)),
            ("property", .string(property)),
            ("run_start", .double(runStart)),
        ])
        return value.rendered()
    }

    /// Why a failure failed, in one line: the check and the event.
    static func reason(_ failure: Failure) -> String {
        failure.eventIndex >= 0
            ? "\(failure.check.rawValue) failed after event \(failure.eventIndex + 1)"
            : "\(failure.check.rawValue) failed at launch"
    }

    /// Appends `text` to `path` (created when missing) in one write, so several checks of one
    /// `swift test` can share a file; a lock keeps this process's writers from interleaving.
    package static func append(_ text: String, to path: String) throws(ConformanceError) {
        lock.lock()
        defer { lock.unlock() }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw ConformanceError("could not write observations to \(path): \(error.localizedDescription)")
        }
    }

    private static let lock = NSLock()
}
