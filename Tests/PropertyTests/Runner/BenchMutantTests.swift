import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// The eight mutants of PurchaseBench-1, found and shrunk to the benchmark's ideal history.
@Suite("PurchaseBench-1 mutants")
struct BenchMutantTests {
    /// The ideal history's length and, when it has one, its smallest sufficient `advance` in days.
    static let ideal: [BenchApp.Mutant: (events: Int, advanceDays: Int?)] = [
        .m1: (2, nil), .m2: (3, 30), .m3: (2, nil), .m4: (2, nil), .m5: (2, 30), .m6: (3, 365), .m7: (3, nil), .m8: (3, nil),
    ]

    static func campaign(_ mutant: BenchApp.Mutant?, seed: UInt64, histories: Int = 10_000) -> CampaignResult {
        var configuration = CampaignConfiguration(histories: histories, seed: Seed(seed), profile: PurchaseBench.profile)
        configuration.parallelism = 1
        return Campaign(
            catalog: PurchaseBench.catalog, configuration: configuration, subjectName: mutant?.rawValue ?? "correct",
            factory: BenchApp.factory(mutant)
        ).run()
    }

    /// Whether `history` is the benchmark's ideal for `mutant` (PurchaseBench-1 "Resolved ambiguities" 11).
    static func isIdeal(_ history: History, _ mutant: BenchApp.Mutant) -> Bool {
        guard let target = ideal[mutant], history.events.count == target.events else { return false }
        let advances = history.events.compactMap { event -> Int? in
            if case .advanceTime(let d) = event { return Int(d.exactSeconds / 86_400) }
            return nil
        }
        guard let days = target.advanceDays else { return true }
        return advances == [days]
    }

    @Test("The correct bench app passes 2,000 histories")
    func correctPasses() {
        let result = Self.campaign(nil, seed: 1, histories: 2_000)
        #expect(result.failures.isEmpty, "\(result.rendered(subject: "correct", checks: 12))")
        #expect(result.historiesRun == 2_000)
    }

    @Test("Each mutant is found and shrunk to the ideal history in at least 19 of 20 seeds", arguments: BenchApp.Mutant.allCases)
    func mutantShrinksToIdeal(_ mutant: BenchApp.Mutant) {
        var ideal = 0
        var misses: [String] = []
        for seed in UInt64(1)...20 {
            let result = Self.campaign(mutant, seed: seed)
            guard let failure = result.failures.first else {
                misses.append("seed \(seed): not found in 10,000 histories")
                continue
            }
            #expect(!failure.flaky)
            if Self.isIdeal(failure.history, mutant) {
                ideal += 1
            } else {
                misses.append("seed \(seed): " + failure.history.events.map(\.compact).joined(separator: ", "))
            }
        }
        #expect(ideal >= 19, "\(mutant.rawValue) \(mutant.title): ideal in \(ideal)/20; \(misses.joined(separator: "; "))")
    }
}
