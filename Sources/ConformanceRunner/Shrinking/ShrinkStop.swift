import Generators

/// Why the shrinking of a reported failure stopped.
public enum ShrinkStop: Hashable, Sendable, CustomStringConvertible {
    /// The choice shrinker stopped for this reason.
    case shrinker(ShrinkStopReason)
    /// Shrinking event by event: no single event could be deleted any more.
    case noEventDeletable
    /// Not shrunk: the failure was replayed from a saved file as it is.
    case replayed
    /// Not shrunk: the failure did not repeat when its history was run again.
    case notRepeated
    /// Not shrunk: the subject failed before the first event, where nothing it was sent depends
    /// on the history.
    case beforeFirstEvent

    /// A sentence saying why shrinking stopped.
    public var description: String {
        switch self {
        case .shrinker(let reason): return reason.description
        case .noEventDeletable: return "no event could be deleted"
        case .replayed: return "replayed from a saved file"
        case .notRepeated: return "not shrunk: the failure did not repeat"
        case .beforeFirstEvent: return "nothing to shrink: the failure came before the first event"
        }
    }
}
