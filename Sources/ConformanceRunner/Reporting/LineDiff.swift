/// A readable diff of two lists of lines: expected (−) against actual (+), common lines kept.
enum LineDiff {
    /// The diff lines, each prefixed `−`, `+` or a space, in a stable order: the expected lines
    /// in their order (missing ones marked −), then the actual lines not expected (marked +).
    static func render(expected: [String], actual: [String], indent: String) -> [String] {
        if expected == actual {
            return ["\(indent)(the values differ but print the same: \(expected.joined(separator: ", ")))"]
        }
        if expected.isEmpty && actual.isEmpty { return ["\(indent)(both empty)"] }
        var lines: [String] = []
        var remaining = actual
        for line in expected {
            if let i = remaining.firstIndex(of: line) {
                remaining.remove(at: i)
                lines.append("\(indent)    \(line)")
            } else {
                lines.append("\(indent)−   \(line)")
            }
        }
        for line in remaining { lines.append("\(indent)+   \(line)") }
        if expected.isEmpty { lines.insert("\(indent)−   (nothing)", at: 0) }
        if actual.isEmpty { lines.append("\(indent)+   (nothing)") }
        return lines
    }
}
