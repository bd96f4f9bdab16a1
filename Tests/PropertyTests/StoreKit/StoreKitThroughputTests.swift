import BuiltInSubjects
#if !canImport(Darwin)
    import ConformanceRunner
    import Foundation
    import Generators
    import PurchaseStateMachine
    import SeedSystems
    import StoreKitTestDouble
    import Testing

    /// Histories per second of asynchronous (facade) subjects next to a synchronous one, printed.
    /// Off unless `PURCHASE_CONFORMANCE_THROUGHPUT` is set; measure in release:
    /// `PURCHASE_CONFORMANCE_THROUGHPUT=2000 swift test -c release --filter StoreKitThroughputTests`.
    @Suite(
        "StoreKit facade: throughput",
        .enabled(if: ProcessInfo.processInfo.environment["PURCHASE_CONFORMANCE_THROUGHPUT"] != nil))
    struct StoreKitThroughputTests {
        static let histories =
            Int(ProcessInfo.processInfo.environment["PURCHASE_CONFORMANCE_THROUGHPUT"] ?? "") ?? 2_000

        static func measure<S: PurchaseSubject>(
            _ name: String, catalog: Catalog, parallelism: Int, factory: @escaping SubjectFactory<S>
        ) -> String {
            let configuration = CampaignConfiguration(
                histories: histories, seed: Seed(0x5eed_0001), checks: CheckSelection(builtIn: [.subjectResponds]),
                parallelism: parallelism)
            let result = Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory)
                .run()
            let seconds =
                Double(result.elapsed.components.seconds) + Double(result.elapsed.components.attoseconds) / 1e18
            let perSecond = Double(result.historiesRun) / seconds
            let events = Double(result.eventsRun) / seconds
            return
                "\(name) ×\(parallelism): \(Int(perSecond)) histories/s, \(Int(events)) events/s (\(result.historiesRun) histories, \(result.failures.count) failures)"
        }

        @Test("Asynchronous histories per second, next to the synchronous reference subject")
        func throughput() {
            var lines: [String] = []
            let only = ProcessInfo.processInfo.environment["PURCHASE_CONFORMANCE_THROUGHPUT_PARALLELISM"].flatMap {
                Int($0)
            }
            for parallelism in only.map({ [$0] }) ?? [1, 2] {
                lines.append(
                    Self.measure(
                        "ReferenceSubject (sync), coin catalog", catalog: StoreKitCatalogs.coins,
                        parallelism: parallelism
                    ) {
                        ReferenceSubject(catalog: $0, context: $1)
                    })
                lines.append(
                    Self.measure(
                        "CoinShop (async facade), coin catalog", catalog: StoreKitCatalogs.coins,
                        parallelism: parallelism,
                        factory: StoreKitSubject<CoinShopApp>.factory()))
                lines.append(
                    Self.measure(
                        "ReferenceSubject (sync), S1 catalog", catalog: SeedCatalogs.s1, parallelism: parallelism
                    ) {
                        ReferenceSubject(catalog: $0, context: $1)
                    })
                lines.append(
                    Self.measure(
                        "S1 StoreManager (async facade), S1 catalog", catalog: SeedCatalogs.s1,
                        parallelism: parallelism,
                        factory: StoreKitSubject<StoreManagerS1App<AsPublished>>.factory()))
            }
            print(lines.joined(separator: "\n"))
        }
    }
#endif
