#if !canImport(Darwin)
    import ConformanceRunner
    import Generators
    import PurchaseStateMachine
    import SeedSystems
    import StoreKitTestDouble
    import Testing

    /// S1, S2 and S4 as published: the suite must run them reproducibly. What it finds in them is
    /// the seed-systems issue's business, so these tests assert only that a report comes out,
    /// the same one every time.
    @Suite("StoreKit facade: seed systems S1, S2 and S4 run unchanged")
    struct StoreKitSeedSystemTests {
        static let histories = 100

        static func run<App: StoreKitApp>(
            _ app: App.Type, catalog: Catalog, profile: GenerationProfile = GenerationProfile()
        )
            throws -> ConformanceRun
        {
            try Conformance.run(
                StoreKitSubject<App>.self, catalog: catalog, histories: histories, profile: profile,
                failuresFolder: nil,
                environment: [:])
        }

        static func expectReproducible(_ first: ConformanceRun, _ second: ConformanceRun) {
            #expect(first.result.historiesRun > 0)
            #expect(first.report == second.report)
            #expect(first.result.failures.map(\.history) == second.result.failures.map(\.history))
            #expect(first.result.failures.allSatisfy { !$0.flaky })
            #expect(first.result.failures.allSatisfy { $0.check != .subjectResponds }, "\(first.report)")
        }

        @Test("S1 (StoreManager) runs under the scheduler, and the same seed gives the same report")
        func storeManager() throws {
            let first = try Self.run(StoreManagerS1App<AsPublished>.self, catalog: SeedCatalogs.s1)
            Self.expectReproducible(first, try Self.run(StoreManagerS1App<AsPublished>.self, catalog: SeedCatalogs.s1))
        }

        @Test("S2 (Store) runs under the scheduler, and the same seed gives the same report")
        func store() throws {
            let first = try Self.run(StoreS2App<AsPublished>.self, catalog: SeedCatalogs.s2)
            Self.expectReproducible(first, try Self.run(StoreS2App<AsPublished>.self, catalog: SeedCatalogs.s2))
        }

        @Test("S4 (SubscriptionService) runs with its analyze action, and the same seed gives the same report")
        func subscriptionService() throws {
            let profile = GenerationProfile(appActions: [AppActionTemplate(name: "analyze")])
            let first = try Self.run(SubscriptionServiceS4App<AsPublished>.self, catalog: SeedCatalogs.s4, profile: profile)
            Self.expectReproducible(
                first, try Self.run(SubscriptionServiceS4App<AsPublished>.self, catalog: SeedCatalogs.s4, profile: profile))
        }
    }
#endif
