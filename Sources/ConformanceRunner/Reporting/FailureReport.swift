import Generators
import PurchaseStateMachine

/// One distinct failure of either store, shrunk to its shortest history: what every report is
/// built from (the App Store's in `FailureReport+Building.swift`, Google Play's in
/// `PlayFailureReport+Building.swift`), rendered as text, JSON and a timeline page.
public struct StoreFailureReport<St: Store>: Sendable {
    /// The failure on the minimal history (the check it is named after comes first).
    public var failure: Failure
    /// The minimal history, with `expect` set to this failure; save it to replay it forever.
    public var history: St.History
    /// How many events the history had when first found.
    public var originalLength: Int
    /// Where the failure came from: generation, a saved file, or a history given to shrink.
    public var origin: FailureOrigin
    /// Whether the failure repeated on the final replay of its minimal history.
    public var verdict: FailureVerdict
    /// Test-function calls the shrinker made.
    public var shrinkEvaluations: Int
    /// Why shrinking stopped.
    public var shrinkStop: ShrinkStop
    /// The final replay, event by event: what the subject was sent and answered.
    public var trace: [St.TraceStep]
    /// What the subject wrote on standard error (external subjects), if anything.
    public var subjectOutput: String?
    /// Where the history was saved, when it was.
    public var savedPath: String?
    /// A replay token for the unshrunk case (reproduces it with this generator version only).
    public var replayToken: String?
    /// The command that replays the saved file, when the report names its own (nil: the tool's
    /// `replay` with the subject of the history's origin).
    public var reproduce: ReproduceCommand?
    /// The choices of the minimal history (empty when it did not come from the generator).
    var minimalChoices: [UInt64] = []
    /// How many failing histories were shrunk to pick this one.
    public var shrinkStarts = 1
    /// What each event came to in the replay the report was made from, for its timeline page
    /// (stores whose trace does not carry it).
    var samples: [St.StepSample] = []

    /// The check this failure is named after.
    public var check: CheckID { failure.check }
    /// Which history found it (1-based count in this run), or nil when it was not generated.
    public var foundAfterHistories: Int? {
        if case .generated(let n) = origin { return n }
        return nil
    }
    /// The saved file the failure was replayed from, when it came from one.
    public var replayedFrom: String? {
        if case .savedFile(let path) = origin { return path }
        return nil
    }
    /// True when the minimal history passes (or fails otherwise) on a final replay: the subject
    /// is not deterministic.
    public var flaky: Bool { verdict == .flaky }
}

/// An App Store failure report.
public typealias FailureReport = StoreFailureReport<AppleAppStore>

/// A Google Play failure report.
public typealias PlayFailureReport = StoreFailureReport<GooglePlayStore>
