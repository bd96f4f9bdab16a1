import Foundation
import PurchaseStateMachine

extension Conformance {
    /// The history files of a regression corpus folder and its subfolders, sorted by path: the
    /// arguments of a parameterized test that replays the corpus (one test case per file).
    ///
    /// A relative `folder` is taken relative to the folder of `filePath`, the calling test
    /// file by default, so `swift test` finds it from any working directory. A missing folder
    /// gives no files (the corpus is empty until the first `corpus add`).
    public static func corpus(_ folder: String, relativeTo filePath: String = #filePath) -> [String] {
        let base = folder.hasPrefix("/") ? folder : (filePath as NSString).deletingLastPathComponent + "/" + folder
        return HistoryFile.historyFiles(under: base) ?? []
    }

    /// Replays the corpus case at `path` against subjects built by `factory`, named `name`,
    /// and compares the outcome with the file's `expect`. Returns nil when the case did what it
    /// expects, else a message that says what happened instead (with the report of an
    /// unexpected failure). A file without `expect`, one that cannot be read, one that is a
    /// history of another subject or an impossible history is an error.
    ///
    /// A case expected to fail that now passes means the bug is fixed: the message says how to
    /// keep the case as a passing regression test.
    public static func corpusMismatch<S: PurchaseSubject>(
        named name: String, file path: String, checks: CheckSelection = CheckSelection(), testFilter: String? = nil,
        factory: @escaping SubjectFactory<S>
    ) throws(ConformanceError) -> String? {
        let history: History
        do {
            history = try HistoryFile.read(path)
        } catch {
            throw ConformanceError("could not read a corpus case: \(error)")
        }
        guard let expect = history.expect else {
            throw ConformanceError("\(path) has no \"expect\": a corpus case says whether it passes or which check fails where")
        }
        let run = try replay(named: name, file: path, checks: checks, testFilter: testFilter, factory: factory)
        let failure = run.result.failures.first
        switch (expect, failure) {
        case (.passes, nil):
            return nil
        case (.passes, let failure?):
            return "\(path) is expected to pass, but against \(name) it fails:\n\n" + failure.rendered(reproduce: run.reproduce)
        case (.fails(let check, let at), let failure?) where failure.check.rawValue == check && failure.failure.eventIndex == at:
            return nil
        case (.fails(let check, let at), let failure?):
            return "\(path) is expected to fail \(check) after event \(at + 1), but against \(name) it fails "
                + "\(failure.check) after event \(failure.failure.eventIndex + 1):\n\n" + failure.rendered(reproduce: run.reproduce)
        case (.fails(let check, let at), nil):
            return "\(path) recorded \(check) failing after event \(at + 1), but against \(name) every check now holds: "
                + "the bug is fixed. To keep the history as a regression test, set its \"expect\" to {\"passes\": true}."
        }
    }
}
