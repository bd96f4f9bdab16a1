import Dispatch
import Generators
import PurchaseStateMachine

/// A conformance campaign of either store: replays saved failures, generates histories, shrinks
/// each failure to its shortest history and replays it once more before reporting.
///
/// Histories are numbered; history `n` draws from `seed.derived(n)` (for the App Store, every
/// `guidedEvery`-th after a prefix the model-only exploration kept), and the first failure is
/// the lowest-numbered one, so the report is the same whatever the number of threads. What
/// differs per store is the driver's (`AppStoreCases`, `PlayCases`).
public struct Campaign<D: CaseDriver>: Sendable {
    /// Histories, seed, shrinking, limits and what to keep.
    public let configuration: CampaignConfiguration
    /// The subject's name, for reports and saved files.
    public let subjectName: String
    /// The store's side: how a case is drawn and run, and a history replayed and polished.
    public let driver: D

    /// The number of histories run between progress reports and determinism checkpoints.
    static var batchSize: Int { 128 }

    /// Creates a campaign of `driver`'s subject.
    public init(driver: D, configuration: CampaignConfiguration, subjectName: String) {
        self.driver = driver
        self.configuration = configuration
        self.subjectName = subjectName
    }

    /// Runs the campaign to its end: replays the driver's saved histories, then generates,
    /// shrinks and rechecks (`run(store:)` also loads and saves a failures folder).
    public func run() -> StoreCampaignResult<D.St> { run(saved: driver.savedHistories) }

    /// Replays `saved`, then generates, shrinks and rechecks to the end.
    func run(saved savedHistories: [SavedStoreHistory<D.St.History>]) -> StoreCampaignResult<D.St> {
        let clock = ContinuousClock()
        let began = clock.now
        var reported: Set<CheckID> = []
        var driver = self.driver
        var failures: [StoreFailureReport<D.St>] = []
        var shrinkTime = Duration.zero
        var coverage = configuration.collectStatistics ? D.St.Coverage() : nil
        let planned = HistoryNumbers(budget: configuration.histories, shard: configuration.shard)
        var result = StoreCampaignResult<D.St>(seed: configuration.seed, historiesRun: 0, eventsRun: 0, failures: [], stopReason: .completed)
        result.historiesPlanned = planned.count
        func finish(_ reason: CampaignStopReason) -> StoreCampaignResult<D.St> {
            result.failures = failures
            result.stopReason = reason
            result.coverage = coverage
            if let coverage {
                result.coverageShortfalls = coverage.shortfalls(configuration.coverage)
                // A failure is more pressing news, and a handful of histories says nothing of health.
                if failures.isEmpty, coverage.histories >= 100 {
                    result.healthWarnings = driver.healthWarnings(coverage, threshold: configuration.healthThreshold)
                }
            }
            result.elapsed = clock.now - began
            result.shrinkTime = shrinkTime
            return result
        }
        for saved in savedHistories {
            result.savedReplayed += 1
            let replay = driver.replay(saved.history)
            switch replay.outcome {
            case .passed: result.savedPassed.append(saved.path)
            case .rejected(let index, let rejection):
                result.savedRefused.append(D.St.refusal(rejection, event: index, in: saved.history, path: saved.path))
            case .failed, .stopped: break
            }
            guard case .failed(let failure) = replay.outcome, self.driver.checkIDs.contains(failure.check),
                !reported.contains(failure.check)
            else { continue }
            failures.append(StoreFailureReport.replayed(failure, history: saved.history, trace: replay.trace, path: saved.path))
            if !configuration.findAllFailures { return finish(.failureFound) }
            reported.insert(failure.check)
            driver = self.driver.excluding(reported)
        }
        var position = 0
        report(result, failures.count, clock.now - began, .generating)
        while position < planned.count {
            if let limit = configuration.timeLimit, clock.now - began >= limit { return finish(.timeLimit) }
            let batch = Array(planned[position..<min(planned.count, position + Self.batchSize)])
            let outcomes = runBatch(batch, driver: driver)
            var firstFailure: Int?
            // By index: a summary is a generic value here, and each copy of one costs.
            for i in outcomes.indices {
                result.historiesRun += 1
                result.eventsRun += outcomes[i].events
                if outcomes[i].failed {
                    firstFailure = i
                    break
                }
            }
            let counted = outcomes.prefix((firstFailure ?? outcomes.count - 1) + 1)
            if configuration.recordsObservations { result.observations += counted.compactMap(\.observation) }
            if configuration.collectStatistics {
                for o in counted { if let c = o.coverage { coverage?.merge(c) } }
            }
            guard let f = firstFailure else {
                position += batch.count
                report(result, failures.count, clock.now - began, .generating)
                continue
            }
            report(result, failures.count, clock.now - began, .shrinking)
            let shrinkBegan = clock.now
            var found = shrink(history: batch[f], driver: driver, historiesRun: result.historiesRun, firstRun: outcomes[f].failure)
            let refined = refine(found, after: position + f + 1, in: planned, driver: driver)
            found = refined.best
            shrinkTime += clock.now - shrinkBegan
            found.origin = .generated(afterHistories: result.historiesRun)
            failures.append(found)
            position = refined.next
            if !configuration.findAllFailures { return finish(.failureFound) }
            if failures.count >= configuration.maxFailures { return finish(.failureLimit) }
            reported.insert(found.check)
            driver = self.driver.excluding(reported)
            if self.driver.checkIDs.allSatisfy({ reported.contains($0) }) { return finish(.failureLimit) }
        }
        return finish(.completed)
    }

    private func report(_ result: StoreCampaignResult<D.St>, _ failures: Int, _ elapsed: Duration, _ phase: CampaignPhase) {
        configuration.progressHandler?(
            CampaignProgress(
                historiesRun: result.historiesRun, historiesPlanned: configuration.histories, eventsRun: result.eventsRun,
                failuresFound: failures, elapsed: elapsed, phase: phase))
    }
}
