import Dispatch
import Generators
import PurchaseStateMachine

/// A conformance campaign: replays saved failures, generates histories, shrinks each failure
/// to its shortest history and replays it once more before reporting.
///
/// Histories are numbered; history `n` draws from `seed.derived(n)` (every `guidedEvery`-th
/// after a prefix the model-only exploration kept), and the first failure is
/// the lowest-numbered one, so the report is the same whatever the number of threads.
public struct Campaign<S: PurchaseSubject>: Sendable {
    /// The products every history runs on.
    public let catalog: Catalog
    /// Histories, seed, profile, checks and limits.
    public let configuration: CampaignConfiguration
    /// Builds a subject for each new customer.
    public let factory: SubjectFactory<S>
    /// The subject's name, for reports and saved files.
    public let subjectName: String
    /// Choice prefixes that first reached a model situation (`SituationExplorer`), whose tails
    /// every `configuration.guidedEvery`-th history re-draws.
    let corpus: [[UInt64]]

    /// The first histories are always fresh: shallow bugs show in them, from the simplest draws.
    static var freshHistories: Int { 256 }

    /// The number of histories run between progress reports and determinism checkpoints.
    static var batchSize: Int { 128 }

    /// Creates a campaign over `catalog` for subjects built by `factory`.
    public init(
        catalog: Catalog, configuration: CampaignConfiguration, subjectName: String,
        factory: @escaping SubjectFactory<S>
    ) {
        self.catalog = catalog
        self.configuration = configuration
        self.subjectName = subjectName
        self.factory = factory
        let rounds = configuration.explorationRounds
        if configuration.guidedEvery > 0, rounds > 0, configuration.histories > Self.freshHistories {
            let explorer = SituationExplorer(
                generator: HistoryGenerator(catalog: catalog, profile: configuration.profile), start: configuration.start)
            let perRound = min(configuration.explorationCases, configuration.histories) / rounds
            corpus = explorer.corpus(seed: configuration.seed, perRound: max(1, perRound), rounds: rounds)
        } else {
            corpus = []
        }
    }

    /// Readies `tc` for history `number`: a fresh case from `seed.derived(number)`, or for every
    /// `guidedEvery`-th history a kept prefix (drawn from that seed, rarer ones more often) with
    /// a tail from that seed.
    func prepare(_ tc: TestCase, history number: Int) {
        let seed = configuration.seed.derived(UInt64(number))
        let every = configuration.guidedEvery
        if every > 0, !corpus.isEmpty, number >= Self.freshHistories, number % every == every - 1 {
            // The corpus lists the rarest shapes and situations first: favour them (u³ puts about
            // a fifth of the picks in the first percent of the corpus, which holds thousands).
            let u = Double(SplitMix64.hash(seed.rawValue) >> 11) / Double(1 << 53)
            let index = min(corpus.count - 1, Int(Double(corpus.count) * u * u * u))
            tc.reset(seed: seed, prefix: corpus[index])
        } else {
            tc.reset(seed: seed)
        }
    }

    /// Runs the campaign to its end: replays `configuration.savedHistories`, then generates,
    /// shrinks and rechecks (`run(store:)` also loads and saves a failures folder).
    public func run() -> CampaignResult { run(saved: configuration.savedHistories) }

    /// Replays `saved`, then generates, shrinks and rechecks to the end.
    func run(saved savedHistories: [SavedHistory]) -> CampaignResult {
        let clock = ContinuousClock()
        let began = clock.now
        var checks = configuration.checks
        var failures: [FailureReport] = []
        var shrinkTime = Duration.zero
        var coverage = configuration.collectStatistics ? CoverageCounts() : nil
        let planned = HistoryNumbers(budget: configuration.histories, shard: configuration.shard)
        var result = CampaignResult(
            seed: configuration.seed, historiesRun: 0, eventsRun: 0, savedReplayed: 0, failures: [],
            stopReason: .completed, coverage: nil, coverageShortfalls: [], elapsed: .zero, shrinkTime: .zero)
        func finish(_ reason: CampaignStopReason) -> CampaignResult {
            result.failures = failures
            result.stopReason = reason
            result.coverage = coverage
            if let coverage {
                result.coverageShortfalls = shortfalls(coverage)
                // A failure is more pressing news, and a handful of histories says nothing of health.
                if failures.isEmpty, coverage.histories >= 100 {
                    result.healthWarnings = coverage.healthWarnings(
                        kinds: configuration.profile.kinds.map(\.kind),
                        subscriptions: catalog.products.contains { $0.type == .autoRenewable },
                        threshold: configuration.healthThreshold)
                }
            }
            result.elapsed = clock.now - began
            result.shrinkTime = shrinkTime
            return result
        }
        for saved in savedHistories {
            result.savedReplayed += 1
            let replay = Replayer(catalogOverride: nil, policy: nil, checks: checks, factory: factory)
                .replay(saved.history, trace: true)
            if case .passed = replay.outcome { result.savedPassed.append(saved.path) }
            guard case .failed(let failure) = replay.outcome, checks.allIDs.contains(failure.check),
                !checks.alreadyReported.contains(failure.check)
            else { continue }
            failures.append(FailureReport.replayed(failure, history: saved.history, trace: replay.trace, path: saved.path))
            if !configuration.findAllFailures { return finish(.failureFound) }
            checks.alreadyReported.insert(failure.check)
        }
        var position = 0
        while position < planned.count {
            if let limit = configuration.timeLimit, clock.now - began >= limit { return finish(.timeLimit) }
            let batch = Array(planned[position..<min(planned.count, position + Self.batchSize)])
            let runner = CaseRunner(
                catalog: catalog, profile: configuration.profile, start: configuration.start,
                policy: configuration.policy, checks: checks, factory: factory)
            let outcomes = runBatch(batch, runner: runner)
            var firstFailure: Int?
            for (i, outcome) in outcomes.enumerated() {
                result.historiesRun += 1
                result.eventsRun += outcome.events
                if outcome.failed {
                    firstFailure = i
                    break
                }
            }
            if configuration.recordsObservations {
                result.observations += outcomes.prefix((firstFailure ?? outcomes.count - 1) + 1).compactMap(\.observation)
            }
            if configuration.collectStatistics {
                for o in outcomes.prefix((firstFailure ?? outcomes.count - 1) + 1) {
                    if let c = o.coverage { coverage?.merge(c) }
                }
            }
            guard let f = firstFailure else {
                position += batch.count
                report(result, failures.count, clock.now - began, .generating)
                continue
            }
            let number = batch[f]
            report(result, failures.count, clock.now - began, .shrinking)
            let shrinkBegan = clock.now
            var found = shrink(history: number, runner: runner, historiesRun: result.historiesRun, firstRun: outcomes[f].failure)
            let refined = refine(found, after: position + f + 1, in: planned, runner: runner)
            found = refined.best
            shrinkTime += clock.now - shrinkBegan
            found.origin = .generated(afterHistories: result.historiesRun)
            failures.append(found)
            position = refined.next
            if !configuration.findAllFailures { return finish(.failureFound) }
            if failures.count >= configuration.maxFailures { return finish(.failureLimit) }
            checks.alreadyReported.insert(found.check)
            if checks.allIDs.allSatisfy({ checks.alreadyReported.contains($0) }) { return finish(.failureLimit) }
        }
        return finish(.completed)
    }

    private func report(_ result: CampaignResult, _ failures: Int, _ elapsed: Duration, _ phase: CampaignPhase) {
        configuration.progressHandler?(
            CampaignProgress(
                historiesRun: result.historiesRun, historiesPlanned: configuration.histories, eventsRun: result.eventsRun,
                failuresFound: failures, elapsed: elapsed, phase: phase))
    }

    private func shortfalls(_ coverage: CoverageCounts) -> [(requirement: CoverageRequirement, reached: Double)] {
        let labels = coverage.labels
        let events = max(1, coverage.eventKinds.reduce(0, +))
        var out: [(requirement: CoverageRequirement, reached: Double)] = []
        for requirement in configuration.coverage {
            let count = labels.first { $0.label == requirement.label }?.count ?? 0
            let perEvent = requirement.label.hasPrefix("event:") || requirement.label.hasPrefix("state:")
                || requirement.label.hasPrefix("situation:")
            let share = Double(count) / Double(perEvent ? events : max(1, coverage.histories))
            if count == 0 || share * 100 < requirement.minimumPercentage { out.append((requirement, share)) }
        }
        return out
    }
}
