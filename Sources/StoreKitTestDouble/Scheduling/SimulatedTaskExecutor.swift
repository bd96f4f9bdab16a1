@_spi(ExperimentalScheduling) import _Concurrency

/// The global concurrent executor of a simulated app, as seen by code that asks for "the
/// current executor": `Task.yield()`, `Task.sleep` and clocks outside the main actor.
///
/// Global jobs run with this executor as the thread's task executor, so those stdlib paths
/// schedule through it instead of the process's real global executor.
final class SimulatedTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    unowned(unsafe) var scheduler: Scheduler?

    /// Creates an executor for `scheduler`, retained for the rest of the process.
    static func make(for scheduler: Scheduler) -> SimulatedTaskExecutor {
        let executor = SimulatedTaskExecutor()
        executor.scheduler = scheduler
        _ = Unmanaged.passRetained(executor)
        return executor
    }

    func enqueue(_ job: consuming ExecutorJob) {
        scheduler?.enqueue(UnownedJob(job), lane: .global)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        scheduler?.enqueueTimer(UnownedJob(job), after: VirtualDelay.until(instant, on: clock))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        scheduler?.enqueueTimer(UnownedJob(job), after: VirtualDelay.of(delay))
    }
}
