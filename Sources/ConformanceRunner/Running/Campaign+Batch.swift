import Generators

extension Campaign {
    /// Runs the histories numbered `batch` on up to `configuration.parallelism` threads; the
    /// outcome array is in batch order whatever the threads did.
    func runBatch(_ batch: [Int], driver: D) -> [CaseSummary<D.St, D.Settings>] {
        let seed = configuration.seed
        let collect = configuration.collectStatistics
        let observe = configuration.recordsObservations
        return ThreadSlots.run(count: batch.count, workers: configuration.parallelism, empty: CaseSummary(), isLast: \.failed) { worker in
            // Each thread its own driver copy (no shared reference counts) and test case.
            let driver = worker == 0 ? driver : driver.independentCopy()
            let tc = TestCase(seed: seed)
            return { i in
                driver.prepare(tc, seed: seed, history: batch[i])
                return driver.run(tc, collect: collect, observe: observe, number: batch[i])
            }
        }
    }
}
