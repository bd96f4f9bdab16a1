/// Whether a reported failure repeats.
public enum FailureVerdict: Hashable, Sendable {
    /// The minimal history fails the same check at the same event when replayed.
    case failed
    /// The failure did not repeat: the subject does not behave the same way twice.
    case flaky
}
