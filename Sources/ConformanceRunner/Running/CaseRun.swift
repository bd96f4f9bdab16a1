import Generators
import PurchaseStateMachine

/// One generated (or replayed) case: what it came to, and the history it ran.
struct CaseRun {
    /// Passed, failed, or stopped before it made a history.
    var outcome: StoreRunOutcome
    /// The events that ran, the failing one last.
    var events: [Event] = []
    /// The store variations drawn for the case (nil when it stopped before drawing them).
    var settings: StoreSettings?
    /// The scheduling decisions it made (asynchronous subjects only).
    var schedule: [Int] = []

    /// A case that stopped before it made a history.
    static func stopped(_ stop: GenerationStop) -> CaseRun { CaseRun(outcome: .stopped(stop)) }
}
