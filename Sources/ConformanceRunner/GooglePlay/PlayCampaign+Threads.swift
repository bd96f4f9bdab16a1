import Dispatch
import Foundation
import Generators

extension PlayCampaign {
    /// How many histories a batch runs before the lowest-numbered failure is looked for.
    static var batchSize: Int { 128 }

    /// The threads this campaign runs histories on: `threads`, except that a subject in another
    /// process (`PlayExternalSubject`) is always driven from one thread.
    var effectiveThreads: Int { S.self is PlayExternalSubject.Type ? 1 : max(1, threads) }

    /// The results of histories `numbers`, in order, run on `effectiveThreads` threads; each
    /// history is drawn from its own derived seed and a fresh subject, so the results are the same
    /// whatever thread ran what.
    func runBatch(_ numbers: HistoryNumbers.SubSequence) -> [PlayCaseRun] {
        let campaign = self
        let first = numbers.startIndex
        return ThreadSlots.run(count: numbers.count, workers: effectiveThreads, empty: PlayCaseRun(outcome: .passed), isLast: { _ in false }) { _ in
            { i in campaign.run(TestCase(seed: campaign.seed.derived(UInt64(numbers[first + i])))) }
        }
    }
}
