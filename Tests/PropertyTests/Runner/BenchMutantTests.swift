import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("PurchaseBench-1 mutants")
struct BenchMutantTests {
    func campaign(_ mutant: BenchApp.Mutant?, seed: UInt64, histories: Int = 10_000) -> CampaignResult {
        var configuration = CampaignConfiguration(histories: histories, seed: Seed(seed), profile: PurchaseBench.profile)
        configuration.parallelism = 1
        let campaign = Campaign(
            catalog: PurchaseBench.catalog, configuration: configuration, subjectName: mutant?.rawValue ?? "correct",
            factory: BenchApp.factory(mutant))
        return campaign.run()
    }

    @Test("The correct bench app passes")
    func correctPasses() {
        let result = campaign(nil, seed: 1, histories: 2000)
        #expect(result.failures.isEmpty, "\(result.rendered(subject: "correct", checks: 12))")
    }

    @Test("Each mutant is found and shrunk", arguments: BenchApp.Mutant.allCases)
    func mutantFound(_ mutant: BenchApp.Mutant) {
        let result = campaign(mutant, seed: 1)
        #expect(!result.failures.isEmpty)
        print(result.rendered(subject: mutant.rawValue, checks: 12))
    }
}
