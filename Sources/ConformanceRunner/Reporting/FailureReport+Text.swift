import Foundation
import PurchaseStateMachine

extension StoreFailureReport {
    /// The report as people read it: verdict, minimal history with the diverging event marked,
    /// expected against actual as a diff with a legend, then how to reproduce it.
    ///
    /// `reproduce` is the command that replays the saved file against the same subject, unless
    /// the report names its own.
    public func rendered(reproduce: ReproduceCommand = .tool()) -> String {
        var out: [String] = []
        let events = history.events
        let at = failure.eventIndex
        let verdict = flaky ? "⚠ \(check) failed once but not on replay (flaky)" : "✘ \(check) failed"
        if at >= 0 {
            out.append("\(verdict) after event \(at + 1) of \(events.count)")
        } else {
            out.append("\(verdict) at launch, before the first event")
        }
        if let (rule, source) = St.rule(of: check) { out.append("  Rule: \(rule) (\(source))") }
        out.append("")
        var header = replayedFrom == nil ? "  Minimal history" : "  History"
        if replayedFrom != nil {
            header += " (replayed from a saved file)"
        } else if originalLength > events.count || shrinkEvaluations > 0 {
            header += " (shrunk from \(originalLength) event\(originalLength == 1 ? "" : "s") in \(shrinkEvaluations) runs)"
        }
        out.append(header + ":")
        if events.isEmpty { out.append("    (no events)") }
        let width = events.map(\.compact.count).max() ?? 0
        for (i, event) in events.enumerated() {
            let text = event.compact
            let marker = i == at ? String(repeating: " ", count: width - text.count + 4) + "← diverged here" : ""
            out.append("    \(i + 1). \(text)\(marker)")
        }
        let storeNotes = St.notes(on: history)
        if !storeNotes.isEmpty { out.append("  Store: \(storeNotes.joined(separator: ", "))") }
        out += St.sent(trace, during: at)
        let when = at >= 0 ? "after event \(at + 1)" : "at launch"
        for (n, d) in failure.discrepancies.enumerated() {
            let first = failure.discrepancies[0]
            if n > 0, d.subject == first.subject, d.expected == first.expected, d.actual == first.actual {
                out.append("  Also failing: \(d.check)" + (d.note.map { " (\($0))" } ?? ""))
                continue
            }
            out.append("")
            out.append("  \(n == 0 ? "" : "Also \(d.check): ")\(d.subject) \(when):")
            out.append(contentsOf: LineDiff.render(expected: d.expected, actual: d.actual, indent: "  "))
            if n == 0 { out.append("  (Expected by model: −, Reported by subject: +)") }
            if let note = d.note, !note.isEmpty { out.append("  Why: \(note)") }
        }
        if let output = subjectOutput, !output.isEmpty {
            out.append("")
            out.append("  Subject's standard error:")
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).suffix(20) { out.append("    | \(line)") }
        }
        out.append("")
        var found: [String] = []
        if let n = foundAfterHistories { found.append("Found after \(n) histor\(n == 1 ? "y" : "ies")") }
        if let from = replayedFrom { found.append("Replayed from \(from)") }
        if let seed = history.origin?.seed { found.append("seed \(seed)") }
        if let path = savedPath, replayedFrom == nil { found.append("saved to \(path)") }
        if !found.isEmpty { out.append("  " + found.joined(separator: " · ")) }
        if let path = savedPath {
            out.append("  Replay: \((self.reproduce ?? reproduce).line(for: path))")
        }
        if flaky {
            out.append("  The minimal history passed when replayed: the subject does not behave the same way twice.")
            if ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil {
                out.append(
                    "  If it iterates a Set or Dictionary, run again with SWIFT_DETERMINISTIC_HASHING=1 in the "
                        + "environment (their order then stays the same from run to run and process to process).")
            }
        }
        return out.joined(separator: "\n")
    }
}
