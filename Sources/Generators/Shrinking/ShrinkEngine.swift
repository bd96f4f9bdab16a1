/// The mutable state of one shrink: the current best sequence, the cache and the counters.
///
/// Passes live in extensions; each proposes candidates through ``attempt(_:)``, which enforces
/// the rules every pass relies on: only strictly shortlex-smaller candidates are run, no
/// candidate is run twice, and every limit is checked before a call.

final class ShrinkEngine {
    enum Attempt: Equatable {
        case improved
        case notInteresting
        case overrun
        case invalid
        case skipped
    }

    let configuration: Shrinker.Configuration
    let test: (TestCase) -> ShrinkVerdict
    let replayCase = TestCase(replaying: [])
    let clock = ContinuousClock()
    let startTime: ContinuousClock.Instant

    private(set) var values: [UInt64]
    private(set) var choices: [Choice]
    private(set) var spans: [Span]
    /// Verdicts of candidates already run; only looked up, never iterated.
    private var verdicts: [[UInt64]: ShrinkVerdict] = [:]

    var evaluations = 0
    var cacheHits = 0
    var improvements = 0
    var rounds = 0
    var sinceImprovement = 0
    var stopReason: ShrinkStopReason?
    var statistics: [ShrinkPassStatistics]
    var activePass = ShrinkPass.removeDiscarded
    private var structureCache: (version: Int, structure: SpanStructure)?

    init(
        initial: ChoiceSequence, spans: [Span], configuration: Shrinker.Configuration,
        test: @escaping (TestCase) -> ShrinkVerdict
    ) {
        self.configuration = configuration
        self.test = test
        self.values = initial.values
        self.choices = initial.choices
        self.spans = spans
        self.startTime = clock.now
        self.statistics = ShrinkPass.allCases.map { ShrinkPassStatistics(name: $0.name, calls: 0, successes: 0) }
    }

    var isStopped: Bool { stopReason != nil }

    /// Runs rounds of every pass until a round makes no progress or a limit stops the shrink.
    func run() -> ShrinkResult {
        while stopReason == nil {
            let before = improvements
            for pass in ShrinkPass.allCases where pass != .lowerAndRechoose {
                activePass = pass
                run(pass)
                if stopReason != nil { break }
            }
            rounds += 1
            if stopReason == nil, improvements == before {
                // Only at a fixed point of the cheap passes: try the costly two-choice moves.
                activePass = .lowerAndRechoose
                run(.lowerAndRechoose)
                if stopReason == nil, improvements == before { stopReason = .fixedPoint }
            }
        }
        return ShrinkResult(
            sequence: ChoiceSequence(choices), spans: spans, evaluations: evaluations, cacheHits: cacheHits,
            improvements: improvements, rounds: rounds, stopReason: stopReason ?? .fixedPoint,
            passes: statistics, duration: clock.now - startTime)
    }

    private func run(_ pass: ShrinkPass) {
        switch pass {
        case .removeDiscarded: removeDiscardedSpans()
        case .deleteSpanRuns: deleteSpanRuns()
        case .deleteSpans: deleteSingleSpans()
        case .zeroSpans: zeroSpans()
        case .replaceWithDescendant: replaceSpansWithDescendants()
        case .deleteChoiceRuns: deleteChoiceRuns()
        case .minimizeChoices: minimizeSingleChoices()
        case .minimizeDuplicates: minimizeDuplicatedChoices()
        case .lowerPairs: lowerPairsTogether()
        case .reorderSpans: sortSiblingSpans()
        case .redistributePairs: redistributeBetweenIntegers()
        case .mergeSpans: mergeSameLabelSpans()
        case .lowerAndRechoose: lowerAndRechooseLaterLead()
        }
    }

    /// Runs `candidate` unless it is not smaller, already known, predicted, or over a limit.
    @discardableResult
    func attempt(_ candidate: [UInt64]) -> Attempt {
        guard stopReason == nil, ChoiceSequence.shortlexPrecedes(candidate, values) else { return .skipped }
        if let verdict = verdicts[candidate] {
            cacheHits += 1
            return Self.attempt(for: verdict)
        }
        // A strict prefix of the current run replays identically and then needs another draw.
        if candidate.count < values.count, values.starts(with: candidate) {
            cacheHits += 1
            return .overrun
        }
        if evaluations >= configuration.maxEvaluations {
            stopReason = .evaluationBudget
            return .skipped
        }
        if sinceImprovement >= configuration.stallLimit {
            stopReason = .stallLimit
            return .skipped
        }
        if let limit = configuration.timeLimit, clock.now - startTime >= limit {
            stopReason = .timeLimit
            return .skipped
        }
        replayCase.reset(replaying: candidate)
        let verdict = test(replayCase)
        evaluations += 1
        statistics[activePass.rawValue].calls += 1
        if verdict == .interesting {
            let actual = replayCase.choices
            values = actual.map(\.value)
            choices = actual
            spans = replayCase.spans
            improvements += 1
            sinceImprovement = 0
            statistics[activePass.rawValue].successes += 1
            return .improved
        }
        sinceImprovement += 1
        verdicts[candidate] = verdict
        if verdict != .overrun, replayCase.choices.count < candidate.count {
            verdicts[replayCase.choices.map(\.value)] = verdict
        }
        return Self.attempt(for: verdict)
    }

    /// Whether `candidate` was run (or predicted) and became the new best.
    @discardableResult
    func improves(_ candidate: [UInt64]) -> Bool {
        attempt(candidate) == .improved
    }

    private static func attempt(for verdict: ShrinkVerdict) -> Attempt {
        switch verdict {
        case .interesting: .skipped
        case .notInteresting: .notInteresting
        case .overrun: .overrun
        case .invalid: .invalid
        }
    }

    /// Sibling links of the current spans, recomputed only after an improvement.
    var structure: SpanStructure {
        if let cached = structureCache, cached.version == improvements { return cached.structure }
        let fresh = SpanStructure(spans: spans, choiceCount: values.count)
        structureCache = (improvements, fresh)
        return fresh
    }
}
