import Generators
import PurchaseStateMachine

/// A history of either store read from disk, with the path it came from (for reports).
public struct SavedStoreHistory<H: StoreHistory>: Hashable, Sendable {
    /// The history read.
    public var history: H
    /// The file it was read from.
    public var path: String

    /// Creates a saved history.
    public init(history: H, path: String) {
        self.history = history
        self.path = path
    }
}

/// A saved App Store history.
public typealias SavedHistory = SavedStoreHistory<History>
