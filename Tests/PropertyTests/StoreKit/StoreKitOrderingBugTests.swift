#if !canImport(StoreKit)
    import ConformanceRunner
    import Generators
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Testing

    @Suite("StoreKit facade: an ordering bug only some interleavings expose")
    struct StoreKitOrderingBugTests {
        static func campaign<App: StoreKitApp>(_ app: App.Type, histories: Int = 200) throws -> ConformanceRun {
            try Conformance.run(
                StoreKitSubject<App>.self, catalog: StoreKitCatalogs.coins, histories: histories, failuresFolder: nil,
                environment: [:])
        }

        @Test("A consumable credited twice by two listeners is found, shrunk, and replays the same failure")
        func doubleCreditFound() throws {
            let run = try Self.campaign(AuditedCoinShopApp.self)
            print(run.report)
            let failure = try #require(run.result.failures.first)
            print(failure.history.schedule)
        }
    }
#endif
