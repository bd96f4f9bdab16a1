/// What one fuzz input came to: fine, not a valid input, or a broken property.
///
/// Only `.failed` is a finding: the fuzz target's entry point traps on it so that libFuzzer
/// saves the input. Invalid input is expected (most mutated bytes are not a history) and is
/// not a finding as long as it was refused with an error value.
public enum FuzzVerdict: Hashable, Sendable {
    /// The input was valid and every property held.
    case passed
    /// The input was refused with a clear error (not a finding).
    case refused
    /// A property failed; the text says which, and where a reproducer was written.
    case failed(String)

    /// Whether the verdict is a finding.
    public var isFailure: Bool {
        if case .failed = self { return true } else { return false }
    }

    /// Returns 0 for libFuzzer, or stops the process with the failure's text so that
    /// libFuzzer writes the input as a crash file.
    public func trapOnFailure() -> Int32 {
        if case .failed(let text) = self { fatalError(text) }
        return 0
    }
}
