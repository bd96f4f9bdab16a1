import PurchaseStateMachine

/// A finished Google Play conformance run from code (`Conformance.run` with a `PlaySubject`):
/// the campaign's result, the failure to report and the notes.
public struct PlayConformanceRun: Sendable {
    /// The subject's name.
    public var subject: String
    /// What the campaign found (no histories when a saved or named file was replayed instead).
    public var result: PlayCampaignResult
    /// The failure to report: the first saved failure that still fails, or the campaign's.
    public var failure: PlayFailureReport?
    /// What the run did besides checking: a replayed file, a random seed, saved failures that now pass.
    public var notes: [String] = []
    /// The checks switched off.
    public var skipped: [PlayCheck] = []

    /// Creates a run.
    public init(subject: String, result: PlayCampaignResult, failure: PlayFailureReport?) {
        self.subject = subject
        self.result = result
        self.failure = failure
    }

    /// Whether every check held.
    public var passed: Bool { failure == nil }

    /// The report people read: the failure's report (or the verdict), the statistics when
    /// counted, then the notes.
    public var report: String {
        let verdict = failure?.text ?? result.heldLine(subject: subject, skipped: skipped.count)
        return ([verdict] + (result.coverage.map { [$0.rendered()] } ?? []) + notes).joined(separator: "\n\n")
    }
}
