import Dispatch
import Foundation

/// A counter handing out indices to threads, one at a time: threads take the next history from
/// it (histories differ in length, so a fixed split leaves a core idle).
final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next index, or nil once `count` have been handed out.
    func take(below count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < count else { return nil }
        value += 1
        return value - 1
    }
}

/// A buffer written by several threads, each at its own indices, so the results are in order
/// whatever thread ran what.
struct SharedBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
}

/// Runs a batch of histories on threads, for either store's campaign: each result lands in its
/// history's slot, so the results are the same whatever thread ran what.
enum ThreadSlots {
    /// The results of jobs `0..<count`, in order, on up to `workers` threads; each thread makes
    /// its job with `job(worker)` (its own copies of what threads would otherwise share) and takes
    /// the next index from a shared counter. On one thread the batch ends after the first result
    /// `isLast` accepts (the rest are not run: with a subject in another process each could cost
    /// a timeout), so fewer than `count` results may come back.
    static func run<T>(
        count: Int, workers: Int, empty: T, isLast: (T) -> Bool, job: @escaping @Sendable (_ worker: Int) -> (_ index: Int) -> T
    ) -> [T] {
        var results = [T](repeating: empty, count: count)
        var stopped = count
        let workers = max(1, min(workers, count))
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = SharedBuffer(base: buffer)
            if workers == 1 {
                let run = job(0)
                for i in 0..<count {
                    slots.base[i] = run(i)
                    if isLast(slots.base[i]) {
                        stopped = i + 1
                        break
                    }
                }
            } else {
                let next = NextIndex()
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let run = job(worker)
                    while let i = next.take(below: count) { slots.base[i] = run(i) }
                }
            }
        }
        return Array(results.prefix(stopped))
    }
}
