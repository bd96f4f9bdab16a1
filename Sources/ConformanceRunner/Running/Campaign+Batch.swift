import Dispatch
import Foundation
import Generators
import PurchaseStateMachine

/// What one generated history of a batch came to, kept small unless it failed.
struct BatchOutcome: Sendable {
    var events = 0
    var failed = false
    var failure: Failure?
    var failingEvents: [Event] = []
    var schedule: [Int] = []
    var choices: [Choice] = []
    var spans: [Span] = []
    var coverage: CoverageCounts?
    var observation: CaseObservation?
}

extension Campaign {
    /// Runs the histories numbered `batch` on up to `parallelism` threads; the outcome array is
    /// in batch order whatever the threads did.
    func runBatch(_ batch: [Int], runner: CaseRunner<S>) -> [BatchOutcome] {
        let seed = configuration.seed
        let collect = configuration.collectStatistics
        let observe = configuration.recordsObservations
        let campaign = self
        return ThreadSlots.run(count: batch.count, workers: configuration.parallelism, empty: BatchOutcome(), isLast: \.failed) { worker in
            // Each thread its own runner copy (no shared reference counts) and test case.
            let runner = worker == 0 ? runner : runner.independentCopy()
            let tc = TestCase(seed: seed)
            return { i in
                campaign.prepare(tc, history: batch[i])
                return runner.runRecording(tc, collect: collect, observe: observe, number: batch[i])
            }
        }
    }
}

extension CaseRunner {
    /// Runs one case and keeps what a batch needs: its size, and its choices when it failed.
    func runRecording(_ tc: TestCase, collect: Bool, observe: Bool = false, number: Int = 0) -> BatchOutcome {
        if observe { return runObserved(tc, number: number) }
        var outcome = BatchOutcome()
        let result: CaseRun
        if collect {
            // Only when asked: a `CoverageCounts` allocates its tables, and the first one builds
            // the key paths of `StoreVariations.switches` (~0.06 ms in a fresh process).
            var counts = CoverageCounts()
            result = withUnsafeMutablePointer(to: &counts) { run(tc, statistics: $0) }
            outcome.coverage = counts
        } else {
            result = run(tc)
        }
        outcome.record(result, of: tc)
        return outcome
    }
}

extension BatchOutcome {
    /// Keeps what a batch needs of one case's result: its size, and, when it failed, the
    /// failure, its events and schedule, and the choices that made it.
    mutating func record(_ result: CaseRun, of tc: TestCase) {
        switch result.outcome {
        case .passed:
            events = result.events.count
        case .failed(let failure):
            events = result.events.count
            failed = true
            self.failure = failure
            failingEvents = result.events
            schedule = result.schedule
            choices = tc.choices
            spans = tc.spans
        case .stopped, .rejected:
            break
        }
    }
}
