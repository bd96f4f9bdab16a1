import PurchaseStateMachine

/// What replaying a subject's saved failures before a campaign came to: the first that still
/// fails (its report), and which files were replayed and which passed, for pruning.
public struct SavedReplay<Report> {
    /// The report of the first saved failure that still fails, nil when every one passed.
    public var report: Report?
    /// The files replayed, in order, up to and including the one that failed.
    public var replayed: [String] = []
    /// The files on which every check held.
    public var passed: [String] = []

    /// Nothing replayed (no folder, or saving switched off).
    public init() {}
}

extension FailureStore {
    /// Replays this subject's saved `store` failures in file-name order with `replay` (nil when
    /// every check held), up to the first that still fails. A file that cannot be read, or that
    /// `replay` finds impossible for this subject, is an error naming it.
    public func replaySaved<St: Store, Report>(
        _ store: St.Type, with replay: (SavedStoreHistory<St.History>) throws(FormatError) -> Report?
    ) throws(FormatError) -> SavedReplay<Report> {
        var result = SavedReplay<Report>()
        for saved in try load(store) {
            result.replayed.append(saved.path)
            if let report = try replay(saved) {
                result.report = report
                return result
            }
            result.passed.append(saved.path)
        }
        return result
    }

    /// Prunes after a campaign whose saved failures were replayed as `saved` says; one message per deleted file.
    public func prune<Report>(after saved: SavedReplay<Report>) throws(FormatError) -> [String] {
        try prune(replayed: saved.replayed, passed: saved.passed)
    }
}
