/// Where a reported failure came from.
public enum FailureOrigin: Hashable, Sendable {
    /// Found by generation: by the n-th history of this run (1-based).
    case generated(afterHistories: Int)
    /// Replayed, as it was, from the saved history file at this path.
    case savedFile(String)
    /// Shrunk from a history given to the runner (the `shrink` command).
    case givenHistory
}
