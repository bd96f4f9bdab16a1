import Dispatch
import Foundation
import Generators

/// Hands out history numbers to the threads of a Play batch, one at a time.
private final class PlayNextHistory: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next position, or nil once `count` have been handed out.
    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < count else { return nil }
        value += 1
        return value - 1
    }
}

/// Results written by several threads, each at its own position.
private struct PlayBatchSlots<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
}

extension PlayCampaign {
    /// How many histories a batch runs before the lowest-numbered failure is looked for.
    static var batchSize: Int { 128 }

    /// The threads this campaign runs histories on: `threads`, except that a subject in another
    /// process (`PlayExternalSubject`) is always driven from one thread.
    var effectiveThreads: Int { S.self is PlayExternalSubject.Type ? 1 : max(1, threads) }

    /// The results of histories `numbers`, in order, run on `effectiveThreads` threads; each
    /// history is drawn from its own derived seed and a fresh subject, so the results are the same
    /// whatever thread ran what.
    func runBatch(_ numbers: Range<Int>) -> [CaseResult] {
        var results = [CaseResult](repeating: .passed(events: 0), count: numbers.count)
        let workers = min(effectiveThreads, numbers.count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = PlayBatchSlots(base: buffer)
            let next = PlayNextHistory()
            let first = numbers.lowerBound
            let campaign = self
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let i = next.take(below: numbers.count) {
                    slots.base[i] = campaign.run(TestCase(seed: campaign.seed.derived(UInt64(first + i))))
                }
            }
        }
        return results
    }
}
