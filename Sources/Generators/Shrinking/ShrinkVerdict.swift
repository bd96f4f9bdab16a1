/// What the caller's test function says about one replayed candidate.
public enum ShrinkVerdict: Hashable, Sendable {
    /// The candidate still fails, and fails the same way as the original.
    case interesting
    /// The candidate passes, or fails differently.
    case notInteresting
    /// Replay ran past the end of the candidate's choices (``GenerationStop/overrun``).
    case overrun
    /// The candidate was rejected by a filter or precondition.
    case invalid
}
