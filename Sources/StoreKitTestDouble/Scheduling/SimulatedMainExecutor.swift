import Foundation
@_spi(ExperimentalScheduling) import _Concurrency

/// The main actor of a simulated app: a serial executor whose jobs the scheduler runs in order.
///
/// On a driving thread, `MainActor.shared.unownedExecutor` is this executor (see
/// `RuntimeHooks`), so `@MainActor` code — `Task {}` in a `@MainActor` class, `MainActor.run`,
/// hops into `@MainActor` methods — is enqueued here. Jobs run with this executor as the active
/// one, so Swift 6's dynamic isolation checks (`MainActor.assumeIsolated`, `preconditionIsolated`)
/// pass. Between jobs the driving thread itself counts as main-actor isolated, so the adapter can
/// read a `@MainActor` store synchronously. Timed jobs (`Task.sleep` on the main actor) are
/// handed to the scheduler's virtual clock.
///
/// Instances are deliberately never deallocated: the runtime keeps unowned references to
/// executors in suspended tasks, and a leaked task of a finished history must find a live
/// object (whose scheduler is then gone — the scheduler clears the reference when it is
/// deallocated — so the job is dropped).
final class SimulatedMainExecutor: SerialExecutor, SchedulingExecutor, @unchecked Sendable {
    unowned(unsafe) var scheduler: Scheduler?

    /// Creates an executor for `scheduler`, retained for the rest of the process.
    static func make(for scheduler: Scheduler) -> SimulatedMainExecutor {
        let executor = SimulatedMainExecutor()
        executor.scheduler = scheduler
        _ = Unmanaged.passRetained(executor)
        return executor
    }

    func enqueue(_ job: consuming ExecutorJob) {
        scheduler?.enqueue(UnownedJob(job), lane: .main)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        scheduler?.enqueueTimer(UnownedJob(job), after: VirtualDelay.until(instant, on: clock))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        scheduler?.enqueueTimer(UnownedJob(job), after: VirtualDelay.of(delay))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func isIsolatingCurrentContext() -> Bool? {
        scheduler?.isMainIsolatedHere ?? false
    }

    func checkIsolated() {
        precondition(scheduler?.isMainIsolatedHere ?? false, "not isolated to the simulated app's main actor")
    }
}
