import ConformanceRunner
import StoreKit
import Testing

import struct PurchaseStateMachine.Catalog

/// How both adapters buy and observe the singleton-style store.
protocol SharedEntitlementsAdapter: StoreKitApp where Store == SharedEntitlements {}

extension SharedEntitlementsAdapter {
    @MainActor static func buy(_ productID: String, in store: SharedEntitlements) async throws {
        guard let product = try await StoreKit.Product.products(for: [productID]).first else { return }
        try await store.buy(product)
    }

    @MainActor static func becomeActive(_ store: SharedEntitlements, on device: SimulatedDevice) async {
        await store.refresh()
    }

    @MainActor static func observe(_ store: SharedEntitlements, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.owned.keys.sorted())
    }
}

/// The documented pattern: a fresh instance per simulated launch, the class unchanged.
enum FreshEntitlementsApp: SharedEntitlementsAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> SharedEntitlements {
        let store = SharedEntitlements()
        store.start()
        await store.refresh()
        return store
    }
}

/// The singleton itself: every launch and history would share one store.
enum SingletonEntitlementsApp: SharedEntitlementsAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> SharedEntitlements {
        SharedEntitlements.shared
    }
}

@Suite("Fixtures: a singleton store iterating a Set and a Dictionary")
struct SharedEntitlementsTests {
    static let checks = CheckSelection(builtIn: [
        .expiredNeverEntitled, .refundedNeverEntitled, .oneLevelPerGroup, .entitlementsMatch, .subjectResponds,
    ])

    static func campaign<App: StoreKitApp>(_ app: App.Type) throws -> ConformanceRun {
        try Conformance.run(
            StoreKitSubject<App>.self, catalog: FixtureCatalogs.shop, histories: 200, checks: checks,
            failuresFolder: nil, environment: [:])
    }

    @Test("With a fresh instance per launch it conforms, and the same seed gives the same report")
    func freshInstanceConforms() throws {
        let first = try Self.campaign(FreshEntitlementsApp.self)
        #expect(first.passed, "\(first.report)")
        #expect(try Self.campaign(FreshEntitlementsApp.self).report == first.report)
    }

    @Test("Handing out the singleton is reported with what to do instead")
    func singletonReported() throws {
        let run = try Self.campaign(SingletonEntitlementsApp.self)
        let failure = try #require(run.result.failures.first)
        #expect(failure.check == .subjectResponds)
        #expect(run.report.contains("a singleton such as `static let shared`"))
        #expect(run.report.contains("Create a fresh store in launch"))
    }
}
