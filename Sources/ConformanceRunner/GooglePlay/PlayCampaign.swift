import Generators
import PurchaseStateMachine

/// A conformance campaign for a Google Play subject, on the same engine as the App Store's:
/// numbered histories drawn from `seed.derived(n)` by `PlayHistoryGenerator`, the first failure
/// shrunk by `Generators.Shrinker` over its choice sequence, replayed once more before it is
/// reported (a pass there means *flaky*).
public struct PlayCampaign<S: PlaySubject>: Sendable {
    /// The products.
    public let catalog: PlayCatalog
    /// Which one-time products the app consumes.
    public let policy: PlayPolicy
    /// How histories are drawn.
    public let generator: PlayHistoryGenerator
    /// The campaign seed.
    public let seed: Seed
    /// How many histories to run.
    public let histories: Int
    /// The shrinker's limits.
    public var shrinking = Shrinker.Configuration(rechooseBudget: 600)
    /// Google's clock at event 0.
    public var start: Instant = .defaultStart
    /// How many failing histories to shrink independently (the shortlex-smallest result wins:
    /// independent starts escape the local minima one greedy shrink can end in).
    public var shrinkStarts = 5
    /// How many further histories to search for those extra starts.
    public var shrinkSearchHistories = 400
    /// How many threads run histories (Swift subjects only; the report is the same whatever the
    /// number, see `PlayCampaign+Threads.swift`); shrinking runs on one.
    public var threads = 1
    /// Checks switched off (`--skip-checks`); `subject-responds` always runs.
    public var skippedChecks: [PlayCheck] = []
    /// Stop generating after this long (`--time-limit`); nil for no limit.
    public var timeLimit: Duration?
    /// Whether to count what the histories exercised (`--stats`).
    public var collectsCoverage = false
    /// The slice of the histories this campaign runs (`--shard I/N`); all of them when nil.
    public var shard: Shard?
    /// The `swift test --filter` of the test that runs the campaign, kept in saved files' origin.
    public var originTest: String?
    /// Whether to keep one observation per history (`--observations`).
    public var recordsObservations = false
    /// Called with the campaign's progress (generating, then shrinking), as an App Store
    /// campaign's `CampaignConfiguration.progressHandler` is: for a live status line.
    public var progressHandler: (@Sendable (CampaignProgress) -> Void)?
    /// The subject's name, for reports and saved files.
    public let subjectName: String
    /// Builds a subject for each new customer.
    public let factory: PlaySubjectFactory<S>

    /// Creates a campaign.
    public init(
        catalog: PlayCatalog = .example, policy: PlayPolicy = .example, generator: PlayHistoryGenerator? = nil, seed: Seed,
        histories: Int, subjectName: String, factory: @escaping PlaySubjectFactory<S>
    ) {
        self.catalog = catalog
        self.policy = policy
        self.generator = generator ?? PlayHistoryGenerator(catalog: catalog)
        self.seed = seed
        self.histories = histories
        self.subjectName = subjectName
        self.factory = factory
    }

    /// Generates a history from `tc`'s choices while running it against a fresh subject.
    func run(_ tc: TestCase) -> PlayCaseRun {
        guard recordsObservations else { return runCase(tc) }
        let clock = ContinuousClock()
        let began = clock.now
        var result = runCase(tc)
        result.seconds = (clock.now - began).seconds
        return result
    }

    /// `run(_:)` without the timing.
    private func runCase(_ tc: TestCase) -> PlayCaseRun {
        let variations: PlayVariations
        do { variations = try generator.drawVariations(tc) } catch { return PlayCaseRun(outcome: .stopped(error)) }
        var coverage: PlayCoverage?
        if collectsCoverage || recordsObservations {
            coverage = PlayCoverage()
            coverage?.record(variations)
        }
        var execution: PlayExecution<S>
        do {
            execution = try PlayExecution(
                catalog: catalog, variations: variations, start: start, policy: policy, factory: factory, skipping: skippedChecks)
        } catch {
            return PlayCaseRun(outcome: .failed(error), variations: variations)
        }
        var events: [PlayEvent] = []
        for _ in 0..<generator.maxEvents {
            tc.startSpan(PlayHistoryGenerator.eventSpan)
            let event: PlayEvent
            do {
                guard try tc.drawBool(probability: generator.continueProbability) else {
                    tc.endSpan()
                    break
                }
                event = try generator.drawEvent(tc, model: execution.model)
            } catch {
                tc.endSpan()
                return PlayCaseRun(outcome: .stopped(error), events: events, variations: variations)
            }
            tc.endSpan()
            events.append(event)
            let outcome = execution.step(event)
            coverage?.record(event, model: execution.model)
            guard case .passed = outcome else { return PlayCaseRun(outcome: outcome, events: events, variations: variations, coverage: coverage) }
        }
        return PlayCaseRun(outcome: .passed, events: events, variations: variations, coverage: coverage)
    }

    /// Runs the campaign to its end or its first failure (the lowest-numbered one, whatever the
    /// number of threads).
    public func run() -> PlayCampaignResult {
        var eventsRun = 0
        var start = 0
        let began = ContinuousClock.now
        var coverage = collectsCoverage ? PlayCoverage() : nil
        var observations: [CaseObservation] = []
        let planned = HistoryNumbers(budget: histories, shard: shard)
        while start < planned.count {
            if let timeLimit, ContinuousClock.now - began >= timeLimit {
                var stopped = PlayCampaignResult(
                    seed: seed, historiesRun: start, eventsRun: eventsRun, failure: nil, stopReason: .timeLimit, coverage: coverage)
                stopped.observations = observations
                return stopped
            }
            progress(start, of: planned.count, eventsRun: eventsRun, since: began, .generating)
            let end = effectiveThreads > 1 ? min(planned.count, start + Self.batchSize) : start + 1
            let results = effectiveThreads > 1 ? runBatch(planned[start..<end]) : [run(TestCase(seed: seed.derived(UInt64(planned[start]))))]
            for (offset, result) in results.enumerated() {
                if let counted = result.coverage { coverage?.merge(counted) }
                if recordsObservations { observations.append(result.observation(number: planned[start + offset])) }
                switch result.outcome {
                case .passed:
                    eventsRun += result.events.count
                case .stopped, .rejected:
                    continue
                case .failed(let failure):
                    eventsRun += result.events.count
                    progress(start + offset + 1, of: planned.count, eventsRun: eventsRun, since: began, .shrinking)
                    var found = report(failure, events: result.events, at: start + offset, of: planned, eventsRun: eventsRun)
                    found.coverage = coverage
                    found.observations = observations
                    return found
                }
            }
            start = end
        }
        var result = PlayCampaignResult(seed: seed, historiesRun: planned.count, eventsRun: eventsRun, failure: nil, coverage: coverage)
        result.observations = observations
        return result
    }

    /// Reports progress to `progressHandler`, when there is one.
    private func progress(_ run: Int, of planned: Int, eventsRun: Int, since began: ContinuousClock.Instant, _ phase: CampaignPhase) {
        progressHandler?(
            CampaignProgress(
                historiesRun: run, historiesPlanned: planned, eventsRun: eventsRun, failuresFound: phase == .shrinking ? 1 : 0,
                elapsed: ContinuousClock.now - began, phase: phase))
    }

    /// Shrinks the first failure, found at `position` of the `planned` histories, from up to
    /// `shrinkStarts` failing histories, on one thread.
    func report(_ failure: Failure, events: [PlayEvent], at position: Int, of planned: HistoryNumbers, eventsRun: Int) -> PlayCampaignResult {
        let n = planned[position]
        if events.isEmpty {
            // Before the first event the subject was sent only `start` and the launch query, which
            // carry the catalog, the policy and the clock, never a drawn choice: every candidate
            // would fail alike and cost one more run (a hung program's whole timeout each).
            let history = minimalHistory(failure, events: [], variations: PlayVariations())
            let replay = PlayReplayer(factory: factory, skipping: skippedChecks).run(history)
            let report = PlayFailureReport.confirmed(
                failure, history: history, replay: replay, origin: .generated(afterHistories: position + 1), originalLength: 0,
                evaluations: 0, stop: .beforeFirstEvent)
            return PlayCampaignResult(seed: seed, historiesRun: position + 1, eventsRun: eventsRun, failure: report)
        }
        let tc = TestCase(seed: seed.derived(UInt64(n)))
        _ = run(tc)  // the same draws again, for the choices to shrink
        var best = shrink(tc.choiceSequence, spans: tc.spans, original: failure, originalLength: events.count, foundAfter: position + 1)
        var starts = 1
        var next = position + 1
        while starts < shrinkStarts, next < min(planned.count, position + 1 + shrinkSearchHistories), !best.flaky, best.history.events.count > 1 {
            let probe = TestCase(seed: seed.derived(UInt64(planned[next])))
            next += 1
            let found = run(probe)
            guard let other = found.outcome.failure else { continue }
            let otherEvents = found.events
            starts += 1
            let candidate = shrink(probe.choiceSequence, spans: probe.spans, original: other, originalLength: otherEvents.count, foundAfter: position + 1)
            if !candidate.flaky, candidate.history.precedes(best.history) {
                best = candidate
                best.originalLength = events.count
            }
        }
        return PlayCampaignResult(seed: seed, historiesRun: position + 1, eventsRun: eventsRun, failure: best)
    }

    /// The file a minimal failure is saved as: this campaign's catalog, policy and origin.
    func minimalHistory(_ failure: Failure, events: [PlayEvent], variations: PlayVariations) -> PlayHistory {
        PlayHistory(
            name: "\(failure.check.rawValue)-\(subjectName)", start: start, catalog: catalog, variations: variations, policy: policy,
            events: events, expect: .fails(check: failure.check.rawValue, atEvent: failure.eventIndex),
            origin: HistoryOrigin(tool: ToolVersion.text, seed: seed.description, subject: subjectName, test: originTest))
    }

    /// Shrinks a failing choice sequence to the smallest that fails the same check, then replays it.
    func shrink(_ choices: ChoiceSequence, spans: [Span], original: Failure, originalLength: Int, foundAfter: Int) -> PlayFailureReport {
        let target = original.check
        let result = Shrinker(configuration: shrinking).shrink(choices, spans: spans) { candidate in
            run(candidate).outcome.shrinkVerdict { $0.check == target }
        }
        var failure = original
        var events: [PlayEvent] = []
        var variations = PlayVariations()
        let minimal = run(TestCase(replaying: result.sequence))
        if let f = minimal.outcome.failure, let v = minimal.variations {
            failure = f
            events = minimal.events
            variations = v
        }
        var history = minimalHistory(failure, events: events, variations: variations)
        let replayer = PlayReplayer(factory: factory, skipping: skippedChecks)
        var passes = PlayHistoryShrinker(check: failure.check) { replayer.run($0).failure }
        history = passes.shrink(history)
        var report = PlayFailureReport.confirmed(
            failure, history: history, replay: replayer.run(history), origin: .generated(afterHistories: foundAfter),
            originalLength: originalLength, evaluations: result.evaluations + passes.evaluations, stop: .shrinker(result.stopReason))
        report.minimalChoices = result.sequence.values
        return report
    }
}

extension PlayHistory {
    /// Whether this history is simpler than `other`: fewer events, then simpler kinds, then
    /// smaller compact spellings, then fewer varied store settings.
    func precedes(_ other: PlayHistory) -> Bool {
        if events.count != other.events.count { return events.count < other.events.count }
        let ranks = events.map(PlayHistoryShrinker.rank), otherRanks = other.events.map(PlayHistoryShrinker.rank)
        if ranks != otherRanks { return ranks.lexicographicallyPrecedes(otherRanks) }
        let text = events.map(\.compact), otherText = other.events.map(\.compact)
        if text != otherText { return text.lexicographicallyPrecedes(otherText) }
        return variations.json.rendered().count < other.variations.json.rendered().count
    }
}
