import Combine
import ConformanceRunner
import OSLog
import StoreKit
import Testing

/// Drives `LoggedUnlockStore` (compiled unchanged against `import Combine`, `import os` and
/// `import StoreKit`): it re-reads its entitlements at launch and in the foreground.
enum LoggedUnlockApp: StoreKitApp {
    @MainActor static func launch(on device: SimulatedDevice) async -> LoggedUnlockStore {
        // Each store gets its own defaults domain: the shared one would leak between histories.
        let store = LoggedUnlockStore(
            productIDs: FixtureCatalogs.unlocks.products.map(\.id), cache: UserDefaults(suiteName: "fixture.\(UUID())") ?? .standard)
        await store.refresh()
        return store
    }

    @MainActor static func buy(_ productID: String, in store: LoggedUnlockStore) async throws {
        try await store.buy(productID)
    }

    @MainActor static func restore(in store: LoggedUnlockStore) async throws {
        try await AppStore.sync()
        await store.refresh()
    }

    @MainActor static func becomeActive(_ store: LoggedUnlockStore, on device: SimulatedDevice) async {
        await store.refresh()
    }

    @MainActor static func observe(_ store: LoggedUnlockStore, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.unlockedIDs.sorted())
    }
}

@Suite("Fixtures: a store importing Combine and os next to StoreKit, unchanged")
struct LoggedUnlockStoreTests {
    static let catalog = FixtureCatalogs.unlocks

    @Test("The store conforms over a campaign of generated histories")
    func conforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<LoggedUnlockApp>.self, catalog: Self.catalog, histories: 200, failuresFolder: nil,
            environment: [:])
        #expect(run.passed, "\(run.report)")
    }

    @Test("Cancelling a token runs its closure once, and releasing the token cancels it")
    func cancellables() {
        var runs = 0
        let token = AnyCancellable { runs += 1 }
        token.cancel()
        token.cancel()
        #expect(runs == 1)
        var set = Set<AnyCancellable>()
        AnyCancellable { runs += 10 }.store(in: &set)
        #expect(set.count == 1 && runs == 1)
        set.removeAll()
        #expect(runs == 11)
    }

    @Test("Log messages render their interpolations, whatever the privacy and format options")
    func logMessages() {
        let id = "pro.lifetime"
        let message: OSLogMessage = "bought \(id, privacy: .public) x\(3, format: .hex) (\(id, privacy: .private(mask: .hash)))"
        #expect(message.rendered == "bought pro.lifetime x3 (pro.lifetime)")
        let logger = Logger(subsystem: "s", category: "c")
        logger.info("\(id, privacy: .sensitive)")  // compiles and is dropped
        os_log("%{public}s", log: OSLog(subsystem: "s", category: "c"), type: .info, id)
    }

    @Test("Key-value coding on defaults writes and reads like set/object(forKey:)")
    func keyValueCoding() throws {
        let defaults = try #require(UserDefaults(suiteName: "fixture.kvc.\(UUID())"))
        defaults.setValue(true, forKey: "pro.lifetime")
        #expect(defaults.bool(forKey: "pro.lifetime"))
        #expect(defaults.value(forKey: "pro.lifetime") as? Bool == true)
        defaults.setValue(nil, forKey: "pro.lifetime")
        #expect(defaults.object(forKey: "pro.lifetime") == nil)
    }
}
