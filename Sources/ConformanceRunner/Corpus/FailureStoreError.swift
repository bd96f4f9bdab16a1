import PurchaseStateMachine

/// A failures folder that could not be read, written or pruned.
public struct FailureStoreError: Error, Sendable, CustomStringConvertible {
    /// What the campaign was doing with the folder.
    public enum Action: Sendable {
        /// Reading the saved failures before generating.
        case load
        /// Saving a new failure.
        case save
        /// Deleting saved failures that keep passing.
        case prune
    }

    /// What the campaign was doing.
    public let action: Action
    /// The file and what went wrong.
    public let underlying: FormatError

    /// Wraps `underlying`, met while doing `action`.
    init(_ action: Action, _ underlying: FormatError) {
        self.action = action
        self.underlying = underlying
    }

    public var description: String {
        switch action {
        case .load: return "could not read saved failures: \(underlying)"
        case .save: return "could not save a failure: \(underlying)"
        case .prune: return "could not prune saved failures: \(underlying)"
        }
    }
}
