import PurchaseStateMachine

/// One generated Play case: what it came to, and the history it ran.
struct PlayCaseRun {
    /// Passed, failed, or stopped before it made a history.
    var outcome: PlayRunOutcome
    /// The events that ran, the failing one last.
    var events: [PlayEvent] = []
    /// The store variations drawn for the case (nil when it stopped before drawing them).
    var variations: PlayVariations?
    /// What the case exercised, when the campaign collects it (`--stats`, `--observations`).
    var coverage: PlayCoverage?
    /// How long the case took, when the campaign records observations.
    var seconds: Double?
}
