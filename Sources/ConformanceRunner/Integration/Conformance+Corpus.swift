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
        let failure = run.result.failures.first.map {
            (check: $0.check.rawValue, eventIndex: $0.failure.eventIndex, report: $0.rendered(reproduce: run.reproduce))
        }
        return corpusMismatch(path: path, subject: name, expect: expect, failure: failure)
    }

    /// What a corpus case at `path` did against `subject` instead of what its `expect` says, for
    /// either store: nil when it did what it says. `failure` is how it failed (its check, the
    /// event, and the report to show), nil when every check held.
    static func corpusMismatch(
        path: String, subject name: String, expect: HistoryExpectation, failure: (check: String, eventIndex: Int, report: String)?
    ) -> String? {
        if expect.isMet(byFailure: failure.map { ($0.check, $0.eventIndex) }) { return nil }
        switch (expect, failure) {
        case (.passes, let failure?):
            return "\(path) is expected to pass, but against \(name) it fails:\n\n" + failure.report
        case (.fails(let check, let at), let failure?):
            return "\(path) is expected to fail \(check) after event \(at + 1), but against \(name) it fails "
                + "\(failure.check) after event \(failure.eventIndex + 1):\n\n" + failure.report
        case (.fails(let check, let at), nil):
            return "\(path) recorded \(check) failing after event \(at + 1), but against \(name) every check now holds: "
                + "the bug is fixed. To keep the history as a regression test, set its \"expect\" to {\"passes\": true}."
        case (.passes, nil):
            return nil
        }
    }

    /// The note of a replayed file that held: every check held after its events, and, when the
    /// file recorded a failure, that the failure is fixed.
    static func heldNote(path: String, subject name: String, events: Int, expect: HistoryExpectation?) -> String {
        var note = "Replayed \(path) against \(name): every check held after \(countText(events, "event"))"
        if case .fails(let check, let at)? = expect { note += " (the file recorded \(check) after event \(at + 1): fixed)" }
        return note
    }
}
