import Foundation

/// The `--stats` table of either store: one row a label, its count and its share of the events
/// or of the histories.
public struct StatisticsTable: Sendable {
    /// One row of the table.
    public struct Row: Hashable, Sendable {
        /// What was counted, such as `event:purchase`.
        public var label: String
        /// How many times.
        public var count: Int
        /// Whether the share is of events (else of histories).
        public var perEvent: Bool
    }

    /// Histories counted.
    public var histories: Int
    /// Events counted.
    public var events: Int
    /// The rows, in print order.
    public var rows: [Row]

    /// The table as text.
    public func rendered() -> String {
        var lines = ["Statistics over \(grouped(histories)) histories, \(grouped(events)) events:"]
        for row in rows {
            let share = Double(row.count) / Double(max(1, row.perEvent ? events : histories)) * 100
            let unit = row.perEvent ? "of events" : "of histories"
            lines.append(
                "  \(row.label.padding(toLength: 52, withPad: " ", startingAt: 0)) \(String(grouped(row.count)).leftPadded(9))  "
                    + "\(String(format: "%6.2f", share))% \(unit)")
        }
        return lines.joined(separator: "\n")
    }
}
