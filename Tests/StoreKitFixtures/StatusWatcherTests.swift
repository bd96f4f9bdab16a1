import ConformanceRunner
import StoreKit
import Testing

import struct PurchaseStateMachine.Catalog

/// Drives `StatusWatcher`, which learns everything from `Status.updates`.
protocol StatusWatcherAdapter: StoreKitApp where Store == StatusWatcher {
    static var listens: Bool { get }
}

extension StatusWatcherAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> StatusWatcher {
        let watcher = StatusWatcher(listensForStatusChanges: listens)
        await watcher.start()
        return watcher
    }

    @MainActor static func buy(_ productID: String, in store: StatusWatcher) async throws {
        guard let product = try await StoreKit.Product.products(for: [productID]).first else { return }
        try await store.buy(product)
    }

    @MainActor static func observe(_ store: StatusWatcher, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.unlocked)
    }
}

enum StatusWatcherApp: StatusWatcherAdapter { static let listens = true }
enum DeafStatusWatcherApp: StatusWatcherAdapter { static let listens = false }

@Suite("Fixtures: a store that only listens to Status.updates")
struct StatusWatcherTests {
    /// What a status-only app can be held to: which subscriptions it unlocks.
    static let checks = CheckSelection(builtIn: [
        .expiredNeverEntitled, .refundedNeverEntitled, .oneLevelPerGroup, .gracePeriodEntitled, .subjectResponds,
    ])

    @Test("Status.updates tells it of renewals, expiry, refunds and upgrades: it conforms")
    func conforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<StatusWatcherApp>.self, catalog: FixtureCatalogs.subscriptions, histories: 300,
            checks: Self.checks, failuresFolder: nil, environment: [:])
        #expect(run.passed, "\(run.report)")
    }

    @Test("The same app without its listener is caught: Status.updates is what keeps it right")
    func deafIsCaught() throws {
        let run = try Conformance.run(
            StoreKitSubject<DeafStatusWatcherApp>.self, catalog: FixtureCatalogs.subscriptions, histories: 300,
            checks: Self.checks, failuresFolder: nil, environment: [:])
        #expect(!run.passed)
    }
}
