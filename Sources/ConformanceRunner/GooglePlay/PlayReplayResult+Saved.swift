import PurchaseStateMachine

extension PlayReplayResult {
    /// This replay of the saved file `saved`, of `subject`, as the failures folder takes it: the
    /// report of a failure (not shrunk), nil when every check held, and an error naming the file
    /// when the subject's replies made one of its events impossible.
    public func savedReport(_ saved: SavedStoreHistory<PlayHistory>, subject: String) throws(FormatError) -> PlayFailureReport? {
        if let rejection {
            var error = rejection.inFile(saved.path)
            error.message += " (against \(subject))"
            throw error
        }
        guard let failure else { return nil }
        var report = PlayFailureReport.replayed(failure, history: saved.history, trace: trace, path: saved.path)
        report.samples = samples
        return report
    }
}
