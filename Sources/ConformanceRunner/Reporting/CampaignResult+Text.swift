import Foundation
import PurchaseStateMachine

extension StoreCampaignResult {
    /// The whole report: one block per failure, then a summary line (and statistics if
    /// collected). It holds no timings, so the same seed gives the same text byte for byte.
    public func rendered(subject: String, checks: Int, reproduce: ReproduceCommand = .tool()) -> String {
        var blocks: [String] = failures.map { $0.rendered(reproduce: reproduce) }
        let summary =
            "\(grouped(historiesRun)) histor\(historiesRun == 1 ? "y" : "ies"), \(grouped(eventsRun)) event\(eventsRun == 1 ? "" : "s")"
            + (savedReplayed > 0 ? ", \(savedReplayed) saved replayed" : "") + " (seed \(seed))"
            + (stopReason == .timeLimit ? " (the time limit stopped it before \(grouped(historiesPlanned)))" : "")
        if failures.isEmpty {
            blocks.append("✔ \(subject): \(summary), all \(checks) checks held")
        } else {
            let names = failures.map(\.check.rawValue).joined(separator: ", ")
            blocks.append("✘ \(subject): \(failures.count) failing check\(failures.count == 1 ? "" : "s") (\(names)) · \(summary)")
        }
        for (requirement, reached) in coverageShortfalls {
            blocks.append(
                "✘ coverage: \(requirement.label) reached in \(String(format: "%.2f", reached * 100))% "
                    + "(required \(String(format: "%.2f", requirement.minimumPercentage))%)")
        }
        if !healthWarnings.isEmpty { blocks.append(healthWarnings.map(\.text).joined(separator: "\n")) }
        if let coverage { blocks.append(coverage.rendered()) }
        return blocks.joined(separator: "\n\n")
    }
}

extension CoverageCounts {
    /// The statistics table: every label with its count and share.
    public func rendered() -> String {
        let rows = labels.map { label, count in
            StatisticsTable.Row(
                label: label, count: count, perEvent: label.hasPrefix("event:") || label.hasPrefix("state:") || label.hasPrefix("situation:"))
        }
        return StatisticsTable(histories: histories, events: max(1, eventKinds.reduce(0, +)), rows: rows).rendered()
    }

    /// The counts as JSON, label to count.
    public var json: JSONValue { .object(labels.map { (key: $0.label, value: .int(Int64($0.count))) }) }
}

/// `12345` as `12,345`.
package func grouped(_ n: Int) -> String {
    let digits = String(abs(n))
    var out = ""
    for (i, ch) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return n < 0 ? "-" + out : out
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
