#if !canImport(Darwin)
    import ConformanceRunner
    import Generators
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Testing

    @Suite("StoreKit facade: an ordering bug only some interleavings expose")
    struct StoreKitOrderingBugTests {
        /// The checks this suite is about: credits, and that the app answers at all.
        static let checks = CheckSelection(builtIn: [.consumableCreditedOnce, .subjectResponds])

        static func campaign<App: StoreKitApp>(_ app: App.Type, histories: Int = 200) throws -> ConformanceRun {
            try Conformance.run(
                StoreKitSubject<App>.self, catalog: StoreKitCatalogs.coins, histories: histories, checks: checks,
                failuresFolder: nil, environment: [:])
        }

        /// The minimal failing history of the audited shop, read back from its saved text.
        static func minimalFailure() throws -> FailureReport {
            let run = try campaign(AuditedCoinShopApp.self)
            return try #require(run.result.failures.first, "the double credit was not found:\n\(run.report)")
        }

        static let replayer = Replayer(checks: checks, factory: StoreKitSubject<AuditedCoinShopApp>.factory())

        @Test("A consumable credited twice by two listeners is found and shrunk to one purchase with its interleaving")
        func doubleCreditFound() throws {
            let found = try Self.minimalFailure()
            #expect(found.check == .consumableCreditedOnce)
            #expect(!found.flaky)
            #expect(found.history.events.count == 1)
            #expect(!found.history.schedule.isEmpty)
            #expect(found.failure.discrepancies.first?.actual == ["coins.100: 200"])
        }

        @Test("The minimal history, saved and read back, replays to the same failure 100 times in a row")
        func replaysHundredTimes() throws {
            let found = try Self.minimalFailure()
            let saved = try History(text: found.history.fileText)
            #expect(saved.schedule == found.history.schedule)
            for _ in 0..<100 {
                let replay = Self.replayer.replay(saved)
                guard let failure = replay.outcome.failure else {
                    Issue.record("the saved history passed when replayed")
                    return
                }
                #expect(failure == found.failure)
                #expect(replay.meetsExpectation)
            }
        }

        @Test("The failure needs its interleaving: with the plainest schedule the same events pass")
        func interleavingMatters() throws {
            var history = try Self.minimalFailure().history
            history.schedule = []
            guard case .passed = Self.replayer.replay(history).outcome else {
                Issue.record("the history fails even when every task runs in the order it was enqueued")
                return
            }
        }

        @Test("Without the auditor the shop credits every consumable once in the same campaign")
        func correctShopPasses() throws {
            let run = try Self.campaign(CoinShopApp.self)
            #expect(run.passed, "\(run.report)")
        }
    }
#endif
