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
