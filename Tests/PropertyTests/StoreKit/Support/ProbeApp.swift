#if !canImport(Darwin)
    import ConformanceRunner
    import Foundation
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Synchronization

    /// What a probe store saw, readable from the test between messages.
    final class ProbeRecorder: Sendable {
        private let lines = Mutex<[String]>([])

        func record(_ line: String) { lines.withLock { $0.append(line) } }

        var all: [String] { lines.withLock { $0 } }

        func reset() { lines.withLock { $0.removeAll() } }
    }

    /// A store whose behaviour each test scripts; it grants what `entitled` says.
    @MainActor
    final class ProbeStore {
        var entitled: [String] = []
        var tasks: [Task<Void, Never>] = []
        /// Objects that live as long as the store (to observe when it is released).
        var keepAlive: [AnyObject] = []
        let device: SimulatedDevice

        init(device: SimulatedDevice) { self.device = device }
    }

    /// What a probe does at each message; a test sets it before running (suites using it are serialized).
    struct ProbeScript: Sendable {
        var launch: @MainActor @Sendable (ProbeStore) async -> Void = { _ in }
        var buy: @MainActor @Sendable (String, ProbeStore) async throws -> Void = { id, _ in
            _ = try await StoreKitTestDouble.Product.products(for: [id]).first?.purchase()
        }
        var restore: @MainActor @Sendable (ProbeStore) async throws -> Void = { _ in try await AppStore.sync() }
        var perform: @MainActor @Sendable (String, ProbeStore) async throws -> JSONValue? = { _, _ in nil }
    }

    /// The app whose store a test scripts through `ProbeApp.script`, recording into `ProbeApp.recorder`.
    enum ProbeApp: StoreKitApp {
        static let recorder = ProbeRecorder()
        private static let current = Mutex(ProbeScript())

        static var script: ProbeScript {
            get { current.withLock { $0 } }
            set { current.withLock { $0 = newValue } }
        }

        static func launch(on device: SimulatedDevice) async -> ProbeStore {
            let store = ProbeStore(device: device)
            await script.launch(store)
            return store
        }

        static func buy(_ productID: String, in store: ProbeStore) async throws {
            try await script.buy(productID, store)
        }

        static func restore(in store: ProbeStore) async throws { try await script.restore(store) }

        static func perform(_ name: String, value: JSONValue?, in store: ProbeStore, on device: SimulatedDevice)
            async throws
            -> JSONValue?
        {
            try await script.perform(name, store)
        }

        static func observe(_ store: ProbeStore, on device: SimulatedDevice) -> ObservedState {
            ObservedState(entitled: store.entitled)
        }

        /// Replays `events` on `catalog` against the scripted probe (by default checking only that
        /// it responds), returning the replay's outcome.
        static func replay(
            _ events: [Event], catalog: Catalog, store: StoreSettings = StoreSettings(), schedule: [Int] = [],
            options: StoreKitSubject<ProbeApp>.Options = .init(), checks: Set<CheckID> = [.subjectResponds]
        ) -> ReplayResult {
            let history = History(catalog: catalog, store: store, events: events, schedule: schedule)
            let replayer = Replayer(
                checks: CheckSelection(builtIn: checks), factory: StoreKitSubject<ProbeApp>.factory(options: options))
            return replayer.replay(history, trace: true)
        }
    }
#endif

#if !canImport(Darwin)
    import ConformanceRunner
    import StoreKitTestDouble

    /// Records a line when it is released (kept alive by a probe store).
    final class ReleaseSentinel: Sendable {
        let label: String

        init(_ label: String) { self.label = label }

        deinit { ProbeApp.recorder.record("\(label) released") }
    }

    /// Reading a replay's outcome in probe tests.
    enum ProbeOutcome {
        /// The failure, when the replay failed.
        static func failure(_ result: ReplayResult) -> Failure? { result.outcome.failure }

        /// What the subject reported after each event.
        static func observed(_ result: ReplayResult) -> [ObservedState?] { result.trace.map(\.observed) }

        /// The messages sent during each event, with what the app finished.
        static func messages(_ result: ReplayResult) -> [[String]] { result.trace.map(\.messages) }
    }

    /// A one-line description of a purchase result, for probes.
    func describePurchaseResult(_ result: StoreKitTestDouble.Product.PurchaseResult) -> String {
        switch result {
        case .success(.verified(let transaction)): return "success verified #\(transaction.id) \(transaction.productID)"
        case .success(.unverified(let transaction, let error)): return "success unverified #\(transaction.id) \(error)"
        case .userCancelled: return "userCancelled"
        case .pending: return "pending"
        }
    }
#endif
