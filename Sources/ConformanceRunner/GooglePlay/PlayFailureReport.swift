import PurchaseStateMachine

extension PlayFailureReport {
    /// The failing built-in check (nil only for a check this version does not know).
    var playCheck: PlayCheck? { PlayCheck.builtIn(failure.check) }

    /// The report, top-down: verdict, minimal history, expected vs actual, how to reproduce.
    public var text: String {
        var lines: [String] = []
        let at = failure.eventIndex + 1
        let verdict = flaky ? "? \(failure.check.rawValue) is flaky" : "✘ \(failure.check.rawValue) failed"
        lines.append(at == 0 ? "\(verdict) at launch" : "\(verdict) after event \(at) of \(history.events.count)")
        lines.append("  \(playCheck?.rule ?? "") (play-billing-semantics \(playCheck?.source ?? ""))")
        lines.append("")
        // A replayed file was not shrunk: its history is the file's, as it is. A failure before the
        // first event is not shrunk either: its history is already empty.
        if shrinkEvaluations > 0 {
            lines.append("  Minimal history (shrunk from \(originalLength) events in \(shrinkEvaluations) runs):")
        } else {
            lines.append(foundAfterHistories == nil ? "  History:" : "  Minimal history:")
        }
        if history.events.isEmpty { lines.append("    (no events)") }
        for (i, event) in history.events.enumerated() {
            lines.append("    \(i + 1). \(event.compact)" + (i == failure.eventIndex ? "    ← diverged here" : ""))
        }
        let variations = history.variations.json
        if case .object(let members) = variations, !members.isEmpty {
            lines.append("  Store variations: " + members.map { "\($0.key) = \($0.value.rendered())" }.joined(separator: ", "))
        }
        lines.append("")
        lines.append("  \(failure.subjectLine)\(at == 0 ? "" : " after event \(at)"):")
        lines.append("  −   \(failure.expectedLine)")
        lines.append("  +   \(failure.observedLine)")
        lines.append("  (Expected by model: −, Reported by subject: +)")
        if !trace.isEmpty {
            lines.append("")
            lines.append("  What the subject was sent:")
            lines += trace.map { "    " + $0 }
        }
        if let output = subjectOutput, !output.isEmpty {
            lines.append("")
            lines.append("  Subject's standard error:")
            for line in output.split(separator: "\n", omittingEmptySubsequences: false).suffix(20) { lines.append("    | \(line)") }
        }
        lines.append("")
        if shrinkEvaluations == 0, foundAfterHistories == nil {
            // A saved file replayed as it is: it was found earlier, and this is where it is.
            if let path = savedPath { lines.append("  Replayed from \(path)") }
        } else {
            var found = "  Found"
            if let n = foundAfterHistories { found += " after \(n) \(n == 1 ? "history" : "histories")" }
            if let seed = history.origin?.seed { found += " (seed \(seed))" }
            lines.append(found + (savedPath.map { " · saved to \($0)" } ?? ""))
        }
        if let path = savedPath, let command = reproduce ?? history.origin?.subject.map({ ReproduceCommand.tool(["--subject", $0]) }) {
            lines.append("  Replay: " + command.line(for: path))
        }
        return lines.joined(separator: "\n")
    }
}
