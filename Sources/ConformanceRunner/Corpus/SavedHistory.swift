import Generators
import PurchaseStateMachine

/// A history read from disk, with the path it came from (for reports).
public struct SavedHistory: Hashable, Sendable {
    /// The history read.
    public var history: History
    /// The file it was read from.
    public var path: String

    /// Creates a saved history.
    public init(history: History, path: String) {
        self.history = history
        self.path = path
    }
}
