#if !canImport(Darwin)
    import ConformanceRunner
    import Foundation
    import Generators
    import PurchaseStateMachine
    import StoreKitTestDouble
    import Testing

    /// An actor the probes call into: every call from elsewhere is a hop.
    actor ProbeCounter {
        private(set) var count = 0

        func increment() -> Int {
            count += 1
            return count
        }
    }

    extension StoreKitProbeTests {
        @Suite("StoreKit facade: deterministic scheduling")
        struct SchedulingTests {
            let recorder = ProbeApp.recorder

            init() { ProbeApp.recorder.reset() }

            @Test("Main-actor work, detached and child tasks, actors, sleeps and yields all run on the runner's thread")
            func everythingRunsOnTheRunnersThread() throws {
                let runner = pthread_self()
                @Sendable func here(_ label: String) {
                    ProbeApp.recorder.record(
                        "\(label): \(pthread_equal(pthread_self(), runner) != 0 ? "runner" : "other")")
                }
                ProbeApp.script = ProbeScript(launch: { store in
                    MainActor.preconditionIsolated()
                    store.tasks.append(
                        Task {
                            MainActor.assertIsolated()
                            here("main task")
                            try? await Task.sleep(for: .milliseconds(200))
                            here("main task after sleep")
                        })
                    store.tasks.append(
                        Task.detached {
                            here("detached")
                            await Task.yield()
                            here("detached after yield")
                            async let child = ProbeCounter().increment()
                            _ = await child
                            here("after child task and actor")
                            try? await Task.sleep(for: .milliseconds(100))
                            await MainActor.run {
                                MainActor.assertIsolated()
                                here("main actor from detached")
                            }
                            await withTaskGroup(of: Void.self) { group in
                                for _ in 0..<2 { group.addTask { here("group child") } }
                            }
                        })
                })
                let outcome = ProbeApp.replay([], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(
                    recorder.all.sorted() == [
                        "after child task and actor: runner", "detached after yield: runner", "detached: runner",
                        "group child: runner", "group child: runner", "main actor from detached: runner",
                        "main task after sleep: runner", "main task: runner",
                    ])
            }

            @Test("An app that never becomes quiescent is a subject-responds fault")
            func neverQuiescent() throws {
                ProbeApp.script = ProbeScript(launch: { store in
                    store.tasks.append(Task { while !Task.isCancelled { await Task.yield() } })
                })
                let outcome = ProbeApp.replay([], catalog: StoreKitCatalogs.facade, options: .init(jobLimit: 500))
                let failure = try #require(ProbeOutcome.failure(outcome))
                #expect(failure.check == .subjectResponds)
                #expect(
                    failure.discrepancies.first?.actual.first?.contains("did not become quiescent within 500 jobs")
                        == true)
            }

            @Test("A sleeping task wakes when the store's clock passes its deadline; a short sleep within the message")
            func virtualClock() throws {
                ProbeApp.script = ProbeScript(launch: { store in
                    store.tasks.append(
                        Task {
                            try? await Task.sleep(for: .milliseconds(300))
                            store.entitled.append("short")
                            try? await Task.sleep(for: .seconds(7200))
                            store.entitled.append("long")
                        })
                })
                let hour = Event.advanceTime(by: ISODuration(hours: 1))
                let outcome = ProbeApp.replay([hour, hour], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(ProbeOutcome.observed(outcome).map { $0?.entitled } == [["short"], ["short", "long"]])
            }

            @Test("Terminating the app cancels its tasks, ends its iterations of updates and releases the store")
            func terminateCancels() throws {
                ProbeApp.script = ProbeScript(launch: { store in
                    if ProbeApp.recorder.all.isEmpty { store.keepAlive.append(ReleaseSentinel("first store")) }
                    ProbeApp.recorder.record("launched")
                    store.tasks.append(
                        Task.detached {
                            for await _ in StoreKitTestDouble.Transaction.updates {}
                            ProbeApp.recorder.record("iteration ended, cancelled: \(Task.isCancelled)")
                        })
                    store.tasks.append(
                        Task {
                            try? await Task.sleep(for: .seconds(86_400))
                            ProbeApp.recorder.record("sleep ended, cancelled: \(Task.isCancelled)")
                        })
                })
                let outcome = ProbeApp.replay([.relaunch], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                let lines = recorder.all
                #expect(lines.first == "launched")
                #expect(
                    Array(lines.dropFirst().prefix(3)).sorted() == [
                        "first store released", "iteration ended, cancelled: true", "sleep ended, cancelled: true",
                    ])
                #expect(lines.dropFirst(4).first == "launched")
            }

            @Test("Until the App Store answers, reads show the store as it was before the event")
            func readsBeforeTheAnswer() throws {
                ProbeApp.script = ProbeScript(buy: { id, _ in
                    func entitled() async -> [String] {
                        var ids: [String] = []
                        for await result in StoreKitTestDouble.Transaction.currentEntitlements {
                            ids.append(result.unsafePayloadValue.productID)
                        }
                        return ids
                    }
                    let before = await entitled()
                    guard let product = try await StoreKitTestDouble.Product.products(for: [id]).first,
                        case .success(let verification) = try await product.purchase()
                    else { return }
                    ProbeApp.recorder.record("before \(before) after \(await entitled())")
                    await verification.unsafePayloadValue.finish()
                })
                let outcome = ProbeApp.replay([.purchase("premium")], catalog: StoreKitCatalogs.facade)
                #expect(ProbeOutcome.failure(outcome) == nil)
                #expect(recorder.all == ["before [] after [\"premium\"]"])
            }

            @Test(
                "A campaign started from main-actor code (the real main actor) runs its apps on their own main actors")
            @MainActor
            func fromTheRealMainActor() throws {
                let run = try Conformance.run(
                    StoreKitSubject<CoinShopApp>.self, catalog: StoreKitCatalogs.coins, histories: 40,
                    checks: CheckSelection(builtIn: [.consumableCreditedOnce, .subjectResponds]), failuresFolder: nil,
                    environment: [:])
                #expect(run.passed, "\(run.report)")
                MainActor.assertIsolated()
            }

            @Test("The same seed gives the same interleavings and the same report, on one thread or two")
            func sameSeedSameReport() throws {
                func campaign(parallelism: Int) -> CampaignResult {
                    let configuration = CampaignConfiguration(
                        histories: 120, seed: Seed(0x5eed_0002), parallelism: parallelism)
                    return Campaign(
                        catalog: StoreKitCatalogs.coins, configuration: configuration, subjectName: "AuditedCoinShop",
                        factory: StoreKitSubject<AuditedCoinShopApp>.factory()
                    ).run()
                }
                let runs = [campaign(parallelism: 1), campaign(parallelism: 2), campaign(parallelism: 2)]
                let reports = runs.map { $0.rendered(subject: "AuditedCoinShop", checks: 12) }
                #expect(!runs[0].failures.isEmpty)
                #expect(reports[1] == reports[0])
                #expect(reports[2] == reports[0])
                #expect(
                    runs.map { $0.failures.map(\.history.schedule) }.allSatisfy {
                        $0 == runs[0].failures.map(\.history.schedule)
                    })
                #expect(runs.map(\.eventsRun).allSatisfy { $0 == runs[0].eventsRun })
            }
        }
    }
#endif
