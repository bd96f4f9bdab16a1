import Foundation
import Generators
import PurchaseStateMachine

/// The failures folder of either store: where failing histories are saved, what the next run
/// replays first, and which saved files are pruned once fixed.
///
/// Files live in `folder/subject/`, named `CHECK-HASH.json` with a hash of the content, so
/// the same failure saved twice is one file.
public struct FailureStore: Sendable {
    /// Where failures are saved unless told otherwise.
    public static let defaultFolder = ".purchase-conformance/failures"

    /// The root folder.
    public var folder: String
    /// The subject whose failures these are.
    public var subject: String

    /// Creates a store for `subject` under `folder`.
    public init(folder: String, subject: String) {
        self.folder = folder
        self.subject = subject
    }

    /// The folder holding this subject's failures.
    public var subjectFolder: String { folder + "/" + Self.slug(subject) }

    /// Saves `history`, of either store, atomically and returns its path.
    @discardableResult
    public func save<H: StoreHistory>(_ history: H) throws(FormatError) -> String {
        let text = history.fileText
        let check: String
        if case .fails(let c, _)? = history.expect { check = c } else { check = "history" }
        let path = subjectFolder + "/" + Self.slug(check) + "-" + String(Seed(fnv1a64(text)).description.prefix(8)) + ".json"
        try HistoryFile.writeText(text, to: path)
        return path
    }

    /// Reads every saved App Store failure of this subject, oldest name first; `catalog`, when
    /// the saved file's catalog differs from it, makes the file stale and it is skipped.
    public func load(catalog: Catalog? = nil) throws(FormatError) -> [SavedHistory] {
        try load(AppleAppStore.self) { catalog == nil || $0.catalog == catalog }
    }

    /// Reads every saved failure of this subject as `store`'s histories, oldest name first,
    /// skipping those `keep` refuses (stale ones); a file that cannot be read is an error naming it.
    public func load<St: Store>(
        _ store: St.Type, keeping keep: (St.History) -> Bool = { _ in true }
    ) throws(FormatError) -> [SavedStoreHistory<St.History>] {
        guard let paths = HistoryFile.historyFiles(in: subjectFolder) else { return [] }
        var out: [SavedStoreHistory<St.History>] = []
        for path in paths {
            let history = try St.readHistory(path)
            if keep(history) { out.append(SavedStoreHistory(history: history, path: path)) }
        }
        return out
    }

    /// A file-name-safe form of `text`.
    package static func slug(_ text: String) -> String {
        let allowed = text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" }
        let slug = String(allowed)
        return slug.isEmpty ? "subject" : slug
    }
}
