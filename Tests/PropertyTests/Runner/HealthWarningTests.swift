import BuiltInSubjects
@testable import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("Health warnings: kinds and renewal states that histories rarely reach")
struct HealthWarningTests {
    static func run(threshold: Double, boundaryProbability: Double = 0.5) -> CampaignResult {
        var profile = ExampleCatalog.profileWithAction
        profile.boundaryProbability = boundaryProbability
        var configuration = CampaignConfiguration(histories: 400, profile: profile, parallelism: 1, collectStatistics: true)
        configuration.healthThreshold = threshold
        return Campaign(catalog: ExampleCatalog.standard, configuration: configuration, subjectName: "reference") {
            catalog, context in ReferenceSubject(catalog: catalog, context: context)
        }.run()
    }

    @Test("A state reached in fewer histories than the threshold is named with its share")
    func warns() throws {
        let result = Self.run(threshold: 0.2)
        let coverage = try #require(result.coverage)
        let grace = try #require(RenewalState.allCases.firstIndex(of: .inGracePeriod))
        let share = Double(coverage.historiesWithState[grace]) / Double(coverage.histories)
        #expect(share < 0.2)
        let warning = try #require(result.healthWarnings.first { $0.label == "state:inGracePeriod" })
        #expect(warning.share == share)
        #expect(warning.text.contains(String(format: "%.2f%% of histories", share * 100)))
        #expect(result.rendered(subject: "reference", checks: 12).contains(warning.text))
        #expect(result.json(subject: "reference").rendered().contains("\"healthWarnings\""))
    }

    @Test("Every generated kind and state above the threshold: no warnings")
    func quiet() {
        #expect(Self.run(threshold: 0.001).healthWarnings.isEmpty)
    }

    @Test("Aimed time lands a second either side of the model's boundaries; plain time never does")
    func aimedTime() {
        func nearMisses(_ p: Double) -> Int {
            var profile = HistoryEncoderTests.profile()
            profile.boundaryProbability = p
            var count = 0
            for history in HistoryEncoderTests.generated(count: 300, profile: profile) {
                var model = history.makeModel()
                for event in history.events {
                    if case .advanceTime(let d) = event {
                        let target = model.state.now.adding(d)
                        if model.upcomingBoundaries.contains(where: { abs($0.seconds(to: target)) == 1 }) { count += 1 }
                    }
                    _ = try? model.apply(event)
                }
            }
            return count
        }
        #expect(nearMisses(0) == 0)
        #expect(nearMisses(0.5) >= 20)
    }
}
