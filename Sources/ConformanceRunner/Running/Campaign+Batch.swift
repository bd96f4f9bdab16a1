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
        var outcomes = [BatchOutcome](repeating: BatchOutcome(), count: batch.count)
        var stopped = batch.count
        let workers = max(1, min(configuration.parallelism, batch.count))
        let seed = configuration.seed
        let collect = configuration.collectStatistics
        let observe = configuration.recordsObservations
        outcomes.withUnsafeMutableBufferPointer { buffer in
            let shared = SharedBuffer(base: buffer)
            // Threads take the next history from a shared counter (histories differ in length,
            // so a fixed split leaves a core idle); each outcome lands in its history's slot, so
            // the result is the same whatever thread ran what.
            let next = NextIndex()
            let work: @Sendable (Int) -> Void = { worker in
                let runner = worker == 0 ? runner : runner.independentCopy()
                let tc = TestCase(seed: seed)
                while let i = next.take(below: batch.count) {
                    prepare(tc, history: batch[i])
                    shared.base[i] = runner.runRecording(tc, collect: collect, observe: observe, number: batch[i])
                }
            }
            if workers == 1 {
                // One thread: stop at the first failure (the same first failure, found sooner;
                // with a subject in another process each later history could cost a timeout).
                let tc = TestCase(seed: seed)
                for i in batch.indices {
                    prepare(tc, history: batch[i])
                    shared.base[i] = runner.runRecording(tc, collect: collect, observe: observe, number: batch[i])
                    if shared.base[i].failed { stopped = i + 1; break }
                }
            } else {
                DispatchQueue.concurrentPerform(iterations: workers, execute: work)
            }
        }
        return Array(outcomes.prefix(stopped))
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
