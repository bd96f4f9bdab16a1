import Foundation

/// Which scheduler, if any, is driving the current thread.
///
/// A thread-local rather than a task-local: `Task.detached` does not inherit task-locals, but
/// every job of a simulated app runs on its driving thread, so static entry points such as
/// `Transaction.updates` find their store from any task, detached or not.
enum DrivingThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The scheduler driving this thread, or nil outside a driven call.
    static var scheduler: Scheduler? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<Scheduler>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Calls `body` with the scheduler driving this thread without retaining it (the hooks' fast
    /// path); returns false when no scheduler drives the thread.
    @inline(__always)
    static func withScheduler(_ body: (Scheduler) -> Void) -> Bool {
        guard let raw = pthread_getspecific(key) else { return false }
        Unmanaged<Scheduler>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
        return true
    }

    /// Runs `body` with `scheduler` driving this thread, then restores what was there.
    static func drive<T, E: Error>(_ scheduler: Scheduler, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(scheduler).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
}
