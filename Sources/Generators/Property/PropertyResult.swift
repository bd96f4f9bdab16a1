/// The outcome of ``Property/check(_:seed:configuration:_:)``, with counts for reporting.
public struct PropertyResult<Value> {
    /// How a run ended.
    public enum Outcome {
        /// Every case passed and coverage requirements were met.
        case passed
        /// A case failed; the counterexample holds the original and shrunk values.
        case failed(Counterexample<Value>)
        /// Too few valid cases, or a generator was misused; the reason says which.
        case gaveUp(reason: String)
        /// Every case passed but some label coverage requirements were not met.
        case insufficientCoverage([CoverageShortfall])
    }

    /// How the run ended.
    public let outcome: Outcome
    /// The run seed; case `i` used `seed.derived(i)`.
    public let seed: Seed
    /// Cases generated, valid or not, up to and including a failing one.
    public let casesGenerated: Int
    /// Counts of valid and invalid cases, filter rejections and labels (the failing case included).
    public let statistics: Statistics
    /// Wall-clock time of the whole run, shrinking included.
    public let duration: Duration

    /// The counterexample, if the run failed.
    public var counterexample: Counterexample<Value>? {
        if case .failed(let counterexample) = outcome { return counterexample }
        return nil
    }

    /// Whether the run passed (no failure, enough valid cases, coverage met).
    public var passed: Bool {
        if case .passed = outcome { return true }
        return false
    }

    /// A short report for people: verdict, counts, and how to reproduce.
    public var report: String {
        switch outcome {
        case .passed:
            return "✔ passed \(statistics.validCases) cases (seed \(seed)); \(statistics.rejectionSummary)"
        case .gaveUp(let reason):
            return "✘ gave up after \(casesGenerated) cases (seed \(seed)): \(reason)"
        case .insufficientCoverage(let shortfalls):
            return
                (["✘ insufficient coverage after \(statistics.validCases) valid cases (seed \(seed)):"]
                + shortfalls.map { "  \($0)" })
                .joined(separator: "\n")
        case .failed(let counterexample):
            var lines = ["✘ failed after \(casesGenerated) cases (seed \(seed)): \(counterexample.failure)"]
            lines.append("  Shrunk:   \(counterexample.shrunk)")
            lines.append("  Original: \(counterexample.original)")
            if let shrink = counterexample.shrink {
                lines.append(
                    "  Shrinking: \(shrink.evaluations) evaluations, \(shrink.improvements) improvements; \(shrink.stopReason)"
                )
            }
            lines.append("  Replay: \(counterexample.replayToken)")
            return lines.joined(separator: "\n")
        }
    }
}

/// A failing case: the value first found, the shrunk value, and how to reproduce both.
public struct Counterexample<Value> {
    /// The first failing value generated.
    public let original: Value
    /// The smallest failing value the shrinker found (the original if shrinking was off).
    public let shrunk: Value
    /// How the shrunk value fails.
    public let failure: PropertyFailure
    /// The original case's choices.
    public let originalChoices: ChoiceSequence
    /// The shrunk case's choices.
    public let shrunkChoices: ChoiceSequence
    /// The index of the failing case in the run (0-based).
    public let caseIndex: Int
    /// The seed of the failing case (`runSeed.derived(caseIndex)`).
    public let caseSeed: Seed
    /// What the shrinker did, or `nil` if shrinking was off.
    public let shrink: ShrinkResult?

    /// A token that replays the shrunk case through the same generator.
    public var replayToken: ReplayToken { ReplayToken(shrunkChoices) }
}

extension PropertyResult: Sendable where Value: Sendable {}
extension PropertyResult.Outcome: Sendable where Value: Sendable {}
extension Counterexample: Sendable where Value: Sendable {}
