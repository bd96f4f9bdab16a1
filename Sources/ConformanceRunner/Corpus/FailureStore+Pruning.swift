import Foundation
import PurchaseStateMachine

extension FailureStore {
    /// How many runs in a row a saved failure must pass before it is deleted.
    public static let pruneAfterPasses = 3

    /// The file, hidden in the subject's folder, that counts each saved failure's passing runs in a row.
    var passCountsPath: String { subjectFolder + "/.passing-runs" }

    /// Counts a passing run for each file of `passed`, resets the count of every other file
    /// of `replayed`, and deletes the files that have passed `threshold` runs in a row (the bug
    /// is fixed). Returns one message per deleted file.
    ///
    /// Counts live in `.passing-runs` beside the files, one `COUNT NAME` line each, sorted.
    public func prune(replayed: [String], passed: [String], threshold: Int = FailureStore.pruneAfterPasses) throws(FormatError) -> [String] {
        guard !replayed.isEmpty else { return [] }
        var counts = readPassCounts()
        var messages: [String] = []
        let passing = Set(passed)
        for path in replayed {
            let name = (path as NSString).lastPathComponent
            guard passing.contains(path) else {
                counts[name] = nil
                continue
            }
            let count = (counts[name] ?? 0) + 1
            if count >= threshold {
                do {
                    try FileManager.default.removeItem(atPath: path)
                    // The timeline page written beside a saved failure goes with it.
                    let page = (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".html"
                    if FileManager.default.fileExists(atPath: page) { try FileManager.default.removeItem(atPath: page) }
                } catch {
                    throw FormatError(file: path, field: "", message: "could not delete a fixed failure: \(error.localizedDescription)")
                }
                counts[name] = nil
                messages.append(
                    "Pruned \(path): every check held on it \(threshold) runs in a row, so the bug it recorded is fixed "
                        + "(to keep a failure for good, add it to a corpus with `purchase-conformance corpus add`)")
            } else {
                counts[name] = count
            }
        }
        let text = counts.keys.sorted().map { "\(counts[$0] ?? 0) \($0)\n" }.joined()
        if text.isEmpty {
            try? FileManager.default.removeItem(atPath: passCountsPath)
        } else {
            try HistoryFile.writeText(text, to: passCountsPath)
        }
        return messages
    }

    /// The counts file, as name → passing runs in a row; an unreadable or malformed line counts as 0.
    func readPassCounts() -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: passCountsPath), let text = String(data: data, encoding: .utf8) else {
            return [:]
        }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let n = Int(parts[0]), n > 0 else { continue }
            counts[String(parts[1])] = n
        }
        return counts
    }
}
