import Synchronization

/// The stores `App.launch(on:)` returned that are still alive, process-wide: a launch that
/// returns one of them again hands out a singleton (`static let shared`), whose state would
/// leak from one launch and one history into the next.
enum LaunchedStores {
    private struct Entry: @unchecked Sendable {
        weak var store: AnyObject?
    }

    private static let entries = Mutex<[Entry]>([])

    /// Records `store`; returns false when an earlier launch already returned the same object.
    static func recordFresh(_ store: AnyObject) -> Bool {
        entries.withLock { entries in
            entries.removeAll { $0.store == nil }
            if entries.contains(where: { $0.store === store }) { return false }
            entries.append(Entry(store: store))
            return true
        }
    }

    /// What a fault says about a reused store.
    static let singletonFault =
        "App.launch(on:) returned the same store object as an earlier launch (a singleton such as "
        + "`static let shared`): its state would leak across relaunches and histories. Create a fresh "
        + "store in launch (`StoreManager()` rather than `StoreManager.shared`); see docs/StoreKitFacade.md, "
        + "\"Singletons\""
}
