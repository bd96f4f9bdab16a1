#if !canImport(StoreKit)
    import ConformanceRunner
    import Generators
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Testing

    @Suite("StoreKit facade: seed systems S1, S2 and S4 run unchanged")
    struct StoreKitSeedSystemTests {
        static let histories = 60

        static func run<App: StoreKitApp>(_ app: App.Type, catalog: Catalog, profile: GenerationProfile = GenerationProfile())
            throws -> ConformanceRun
        {
            try Conformance.run(
                StoreKitSubject<App>.self, catalog: catalog, histories: histories, profile: profile, failuresFolder: nil,
                environment: [:])
        }

        @Test("S1 (StoreManager) runs under the scheduler, and the same seed gives the same report")
        func storeManager() throws {
            let first = try Self.run(StoreManagerS1App.self, catalog: StoreKitCatalogs.s1)
            let second = try Self.run(StoreManagerS1App.self, catalog: StoreKitCatalogs.s1)
            print(first.report)
            #expect(first.result.historiesRun > 0)
            #expect(first.report == second.report)
        }
    }
#endif
