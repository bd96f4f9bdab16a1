import PurchaseStateMachine

/// Where a Google Play subject's failures are saved and replayed from before the next campaign:
/// `FOLDER/SUBJECT/NAME.json`, laid out as the App Store's `FailureStore` lays out its files.
public struct PlayFailureFolder: Sendable {
    /// The subject's own folder.
    public let path: String
    /// The subject's name.
    public let subject: String

    /// The folder of `subject`'s failures under `folder`.
    public init(folder: String, subject: String) {
        path = folder + "/" + FailureStore.slug(subject)
        self.subject = subject
    }

    /// Replays every saved failure, in file-name order, with `run`; the first that still fails
    /// (its report, not shrunk) and how many files were replayed up to it. A file that cannot be
    /// read, or holds an event `run`'s subject makes impossible, is an error naming it.
    public func replayFirstFailing(_ run: (PlayHistory) -> PlayReplayResult) throws(FormatError) -> (report: PlayFailureReport?, replayed: Int) {
        let paths = HistoryFile.historyFiles(in: path) ?? []
        for (n, file) in paths.enumerated() {
            let history = try HistoryFile.readPlay(file)
            let result = run(history)
            if let rejection = result.rejection {
                var error = rejection.inFile(file)
                error.message += " (against \(subject))"
                throw error
            }
            guard let failure = result.failure else { continue }
            var report = PlayFailureReport(replayed: failure, history: history, trace: result.trace, path: file)
            report.samples = result.samples
            return (report, n + 1)
        }
        return (nil, paths.count)
    }

    /// Saves `report`'s minimal history atomically as `NAME.json` and records the path in it; a
    /// flaky failure (it passed when replayed) is not saved.
    public func save(_ report: inout PlayFailureReport) throws(FormatError) {
        guard !report.flaky else { return }
        let file = path + "/" + (report.history.name ?? "failure") + ".json"
        try HistoryFile.writeText(report.history.fileText, to: file)
        report.savedPath = file
    }
}
