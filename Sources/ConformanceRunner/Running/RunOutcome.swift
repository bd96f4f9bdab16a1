import Generators
import PurchaseStateMachine

/// What running events against a store model and a subject came to: the engine's one outcome
/// vocabulary, for one event, a generated case and a replay, on either store.
///
/// What was run travels beside it (`CaseRun`, `ReplayResult`, `PlayCaseRun`); the verdict is
/// always one of these four. The App Store's is ``StoreRunOutcome``, Google Play's ``PlayRunOutcome``.
public enum RunOutcome<Failure: Sendable, Rejection: Sendable>: Sendable {
    /// Every check held after every event.
    case passed
    /// A check failed.
    case failed(Failure)
    /// The model refused the event at `eventIndex`: the history is not possible (bad input, not a failure).
    case rejected(eventIndex: Int, Rejection)
    /// The choices could not make a history (they ran out, or a generator limit): generation only.
    case stopped(GenerationStop)

    /// The failure, when a check failed.
    public var failure: Failure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// How the shrinker should take this outcome of a candidate: interesting when it fails as
    /// `isTarget` asks, an overrun when the choices ran out, invalid when it made no history.
    public func shrinkVerdict(isTarget: (Failure) -> Bool) -> ShrinkVerdict {
        switch self {
        case .passed: return .notInteresting
        case .failed(let failure): return isTarget(failure) ? .interesting : .notInteresting
        case .rejected: return .invalid
        case .stopped(let stop): return stop == .overrun ? .overrun : .invalid
        }
    }
}

/// An App Store run's outcome.
public typealias StoreRunOutcome = RunOutcome<Failure, Rejection>

/// A Google Play run's outcome.
public typealias PlayRunOutcome = RunOutcome<Failure, PlayRejection>
