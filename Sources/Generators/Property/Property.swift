/// Runs a property over generated values and shrinks the first failure it finds.
///
/// A run is deterministic per seed: case `i` draws from `seed.derived(i)`. There is no failure
/// database and no replay of earlier runs; every run starts cold. The body returns `true` when
/// the property holds; returning `false` or throwing is a failure, and calling
/// ``assume(_:)`` with a false condition rejects the case instead.
public enum Property {
    /// Limits and options of a property run.
    public struct Configuration: Sendable {
        /// How many cases to generate, valid or not.
        public var maxCases: Int
        /// The most draws one case may make.
        public var maxChoices: Int
        /// Fewer valid cases than this (after all cases) gives up instead of passing.
        public var minimumValidCases: Int
        /// Whether to shrink a failure.
        public var shrinks: Bool
        /// The shrinker's limits.
        public var shrinker: Shrinker.Configuration
        /// Label coverage the run must reach to pass.
        public var coverage: [CoverageRequirement]

        /// Creates a configuration; by default 100 cases and at least one valid case.
        public init(
            maxCases: Int = 100, maxChoices: Int = TestCase.defaultMaxChoices, minimumValidCases: Int = 1,
            shrinks: Bool = true, shrinker: Shrinker.Configuration = Shrinker.Configuration(),
            coverage: [CoverageRequirement] = []
        ) {
            self.maxCases = maxCases
            self.maxChoices = maxChoices
            self.minimumValidCases = minimumValidCases
            self.shrinks = shrinks
            self.shrinker = shrinker
            self.coverage = coverage
        }
    }

    /// Rejects the current case (it counts as invalid, not failed) unless `condition` holds.
    public static func assume(_ condition: Bool) throws(GenerationStop) {
        if !condition { throw GenerationStop.rejected }
    }

    /// Checks `body` on values from `gen` with the common limits spelled out.
    public static func check<Value>(
        _ gen: Gen<Value>, seed: Seed, maxCases: Int = 100, maxChoices: Int = TestCase.defaultMaxChoices,
        coverage: [CoverageRequirement] = [], _ body: (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        check(
            gen, seed: seed,
            configuration: Configuration(maxCases: maxCases, maxChoices: maxChoices, coverage: coverage), body)
    }

    /// Checks `body` on values from `gen`, shrinking the first failure.
    public static func check<Value>(
        _ gen: Gen<Value>, seed: Seed, configuration: Configuration, _ body: (Value) throws -> Bool
    ) -> PropertyResult<Value> {
        let clock = ContinuousClock()
        let started = clock.now
        var statistics = Statistics()
        let testCase = TestCase(seed: seed, maxChoices: configuration.maxChoices)
        for caseIndex in 0..<Swift.max(configuration.maxCases, 0) {
            let caseSeed = seed.derived(UInt64(caseIndex))
            testCase.reset(seed: caseSeed)
            let outcome = run(gen, on: testCase, body)
            switch outcome {
            case .passed(_):
                statistics.recordValid(events: testCase.events, filterRejections: testCase.filterRejections)
            case .invalid(let stop):
                if stop.isInvalidArgument {
                    return PropertyResult(
                        outcome: .gaveUp(reason: stop.description), seed: seed, casesGenerated: caseIndex + 1,
                        statistics: statistics, duration: clock.now - started)
                }
                statistics.recordInvalid(stop, filterRejections: testCase.filterRejections)
            case .failed(let value, let failure):
                statistics.recordValid(events: testCase.events, filterRejections: testCase.filterRejections)
                let counterexample = shrink(
                    gen, body, original: value, failure: failure, testCase: testCase, caseIndex: caseIndex,
                    caseSeed: caseSeed,
                    configuration: configuration)
                return PropertyResult(
                    outcome: .failed(counterexample), seed: seed, casesGenerated: caseIndex + 1, statistics: statistics,
                    duration: clock.now - started)
            }
        }
        let duration = clock.now - started
        let cases = Swift.max(configuration.maxCases, 0)
        if statistics.validCases < Swift.max(configuration.minimumValidCases, 1) {
            let reason = "only \(statistics.validCases) of \(cases) cases were valid: \(statistics.rejectionSummary)"
            return PropertyResult(
                outcome: .gaveUp(reason: reason), seed: seed, casesGenerated: cases, statistics: statistics,
                duration: duration)
        }
        let shortfalls = statistics.shortfalls(for: configuration.coverage)
        if !shortfalls.isEmpty {
            return PropertyResult(
                outcome: .insufficientCoverage(shortfalls), seed: seed, casesGenerated: cases, statistics: statistics,
                duration: duration)
        }
        return PropertyResult(
            outcome: .passed, seed: seed, casesGenerated: cases, statistics: statistics, duration: duration)
    }

    /// The result of running one case.
    enum CaseOutcome<Value> {
        case passed(Value)
        case invalid(GenerationStop)
        case failed(Value, PropertyFailure)
    }

    /// Draws a value and runs the body on it, sorting the outcome into passed, invalid or failed.
    static func run<Value>(_ gen: Gen<Value>, on testCase: TestCase, _ body: (Value) throws -> Bool) -> CaseOutcome<
        Value
    > {
        let value: Value
        do {
            value = try gen.draw(testCase)
        } catch let stop as GenerationStop {
            return .invalid(stop)
        } catch {
            return .invalid(.invalidArgument("the generator threw \(String(reflecting: type(of: error))): \(error)"))
        }
        do {
            return try body(value)
                ? .passed(value)
                : .failed(value, PropertyFailure(kind: "returned false", message: "the property returned false"))
        } catch let stop as GenerationStop {
            return .invalid(stop)
        } catch {
            let type = String(reflecting: Swift.type(of: error))
            return .failed(
                value, PropertyFailure(kind: "threw \(type)", message: "the property threw \(type): \(error)"))
        }
    }

    private static func shrink<Value>(
        _ gen: Gen<Value>, _ body: (Value) throws -> Bool, original: Value, failure: PropertyFailure,
        testCase: TestCase,
        caseIndex: Int, caseSeed: Seed, configuration: Configuration
    ) -> Counterexample<Value> {
        let originalChoices = testCase.choiceSequence
        guard configuration.shrinks else {
            return Counterexample(
                original: original, shrunk: original, failure: failure, originalChoices: originalChoices,
                shrunkChoices: originalChoices,
                caseIndex: caseIndex, caseSeed: caseSeed, shrink: nil)
        }
        var best = (value: original, failure: failure)
        let result = Shrinker(configuration: configuration.shrinker).shrink(originalChoices, spans: testCase.spans) {
            candidate in
            switch run(gen, on: candidate, body) {
            case .passed(_): return .notInteresting
            case .invalid(let stop): return stop == .overrun ? .overrun : .invalid
            case .failed(let value, let candidateFailure):
                guard candidateFailure.kind == failure.kind else { return .notInteresting }
                // Every interesting candidate is strictly smaller than the best so far, so the
                // shrinker always accepts it: keep its value rather than replaying at the end.
                best = (value, candidateFailure)
                return .interesting
            }
        }
        return Counterexample(
            original: original, shrunk: best.value, failure: best.failure, originalChoices: originalChoices,
            shrunkChoices: result.sequence,
            caseIndex: caseIndex, caseSeed: caseSeed, shrink: result)
    }
}

/// How a property failed: a kind used to tell "the same way" apart, and a message for people.
public struct PropertyFailure: Hashable, Sendable, CustomStringConvertible {
    /// `"returned false"` or `"threw <error type>"`; a shrunk case must fail with the same kind.
    public let kind: String
    /// A sentence describing the failure.
    public let message: String

    /// Same as ``message``.
    public var description: String { message }
}
