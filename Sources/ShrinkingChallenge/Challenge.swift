import Generators

/// A shrinking-challenge variant with its value type erased, ready to run by seed.
public struct Challenge: Sendable {
    /// The variant's name in the brief.
    public let name: String
    /// Renderings that count as the ideal result.
    public let idealRenderings: [String]
    private let runner: @Sendable (Seed, Property.Configuration) -> ChallengeRunRecord

    /// Erases a problem's value type.
    public init<Problem: ShrinkingChallengeProblem>(_ problem: Problem) {
        self.name = problem.name
        self.idealRenderings = problem.idealRenderings
        self.runner = { seed, configuration in ChallengeRunner.run(problem, seed: seed, configuration: configuration) }
    }

    /// The brief's run settings: 10,000 generated cases, default shrinker limits.
    public static var defaultConfiguration: Property.Configuration {
        Property.Configuration(maxCases: 10_000, minimumValidCases: 0)
    }

    /// Runs the variant once from `seed` and records the result (§1.2 of the brief).
    public func run(seed: Seed, configuration: Property.Configuration = Challenge.defaultConfiguration)
        -> ChallengeRunRecord
    {
        runner(seed, configuration)
    }

    /// The published seeds: `seed_k = splitmix64(fnv1a64(name) &+ k)` for `k` in `0..<count`.
    public func seeds(count: Int = 100) -> [Seed] {
        Self.seeds(for: name, count: count)
    }

    /// The published seeds of the variant called `name`.
    public static func seeds(for name: String, count: Int = 100) -> [Seed] {
        (0..<UInt64(Swift.max(count, 0))).map { Seed(SplitMix64.hash(fnv1a64(name) &+ $0)) }
    }

    /// All 13 variants, in the brief's order (§3.1–3.13).
    public static let all: [Challenge] = [
        Challenge(ReverseProblem()),
        Challenge(LengthListProblem()),
        Challenge(Bound5Problem()),
        Challenge(CalculatorProblem()),
        Challenge(LargeUnionListProblem()),
        Challenge(BinHeapProblem()),
        Challenge(CouplingProblem()),
        Challenge(DeletionProblem()),
        Challenge(DifferenceProblem(.notZero)),
        Challenge(DifferenceProblem(.notSmall)),
        Challenge(DifferenceProblem(.notOne)),
        Challenge(DistinctProblem()),
        Challenge(NestedListsProblem()),
    ]

    /// Extra variants outside the brief's 13, for like-for-like comparisons: `bound5_max1` is
    /// bound5 with lists of at most one element, the easier variant Hypothesis actually ran.
    public static let supplementary: [Challenge] = [
        Challenge(Bound5Problem(maxLength: 1))
    ]

    /// The variant called `name` (among ``all`` and ``supplementary``), if there is one.
    public static func named(_ name: String) -> Challenge? {
        (all + supplementary).first { $0.name == name }
    }
}

/// Runs one challenge problem through ``Property/check(_:seed:configuration:_:)``.
enum ChallengeRunner {
    static func run<Problem: ShrinkingChallengeProblem>(
        _ problem: Problem, seed: Seed, configuration: Property.Configuration
    ) -> ChallengeRunRecord {
        let result = Property.check(problem.generator, seed: seed, configuration: configuration) {
            try problem.holds($0)
        }
        let statistics = result.statistics
        // Body runs: valid cases plus cases the body rejected with `assume`.
        let bodyRuns = statistics.validCases + statistics.preconditionRejections
        guard let counterexample = result.counterexample else {
            return ChallengeRunRecord(
                variant: problem.name, seed: seed.description, found: false, genCalls: bodyRuns, shrinkEvals: 0,
                rejected: statistics.filterRejections, original: nil, shrunk: nil,
                wallMsTotal: milliseconds(result.duration), wallMsShrink: 0, capHit: false, ideal: false,
                sizeMinimal: false)
        }
        let shrunk = problem.render(counterexample.shrunk)
        return ChallengeRunRecord(
            variant: problem.name, seed: seed.description, found: true, genCalls: bodyRuns,
            shrinkEvals: counterexample.shrink?.evaluations ?? 0, rejected: statistics.filterRejections,
            original: problem.render(counterexample.original), shrunk: shrunk,
            wallMsTotal: milliseconds(result.duration),
            wallMsShrink: milliseconds(counterexample.shrink?.duration ?? .zero),
            capHit: counterexample.shrink?.capHit ?? false, ideal: problem.idealRenderings.contains(shrunk),
            sizeMinimal: problem.isSizeMinimal(counterexample.shrunk))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
