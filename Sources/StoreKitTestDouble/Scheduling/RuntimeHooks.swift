import Foundation

/// The Swift runtime's executor hooks, installed once per process, that hand work enqueued on a
/// driving thread to that thread's scheduler.
///
/// The hooks are process-global but route by thread: a thread that is driving a simulated app
/// (see `DrivingThread`) gets its jobs captured; every other thread falls through to the
/// runtime's own implementation, so tests and histories on other threads are unaffected and
/// histories can run in parallel. The hooks are never uninstalled.
///
/// - `swift_task_getMainExecutor_hook`: on a driving thread, the main actor's executor is the
///   scheduler's `SimulatedMainExecutor`, so `@MainActor` work is enqueued there.
/// - `swift_task_enqueueGlobal_hook`: global (nonisolated, detached, child-task) jobs.
/// - `swift_task_enqueueMainExecutor_hook`: jobs sent to the real main executor.
/// - `swift_task_enqueueGlobalWithDelay_hook`, `…WithDeadline_hook`: timed jobs of older paths
///   (Swift 6.3's `Task.sleep` goes through the current executor, which is the scheduler's).
enum RuntimeHooks {
    typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
    typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
    typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
    typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
    typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    typealias DeadlineHook = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void
    typealias MainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
    typealias MainExecutorHook = @convention(thin) (MainExecutorOriginal) -> UnownedSerialExecutor

    /// Whether the hooks are in place; reading it installs them (once, thread-safely).
    static let installed: Bool = install()

    private static func install() -> Bool {
        guard let global = hook("swift_task_enqueueGlobal_hook", EnqueueHook?.self),
            let main = hook("swift_task_enqueueMainExecutor_hook", EnqueueHook?.self),
            let delay = hook("swift_task_enqueueGlobalWithDelay_hook", DelayHook?.self),
            let deadline = hook("swift_task_enqueueGlobalWithDeadline_hook", DeadlineHook?.self),
            let mainExecutor = hook("swift_task_getMainExecutor_hook", MainExecutorHook?.self)
        else { return false }
        mainExecutor.pointee = { original in
            var executor: UnownedSerialExecutor?
            guard DrivingThread.withScheduler({ executor = $0.mainExecutor.asUnownedSerialExecutor() }), let executor
            else {
                return original()
            }
            return executor
        }
        global.pointee = { job, original in
            if !DrivingThread.withScheduler({ $0.enqueue(job, lane: .global) }) { original(job) }
        }
        main.pointee = { job, original in
            if !DrivingThread.withScheduler({ $0.enqueue(job, lane: .main) }) { original(job) }
        }
        delay.pointee = { nanoseconds, job, original in
            guard let scheduler = DrivingThread.scheduler else { return original(nanoseconds, job) }
            scheduler.enqueueTimer(job, after: .nanoseconds(Int64(clamping: nanoseconds)))
        }
        deadline.pointee = { seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original in
            guard let scheduler = DrivingThread.scheduler else {
                return original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
            }
            let deadline = Duration.seconds(seconds) + .nanoseconds(nanoseconds)
            scheduler.enqueueTimer(job, after: deadline - RuntimeHooks.now(clock: clock))
        }
        return true
    }

    typealias CancelTask = @convention(thin) (UnsafeMutableRawPointer) -> Void

    /// The runtime's `swift_task_cancel`, looked up once.
    private static let cancelTask: CancelTask? = dlsym(dlopen(nil, RTLD_NOW), "swift_task_cancel").map {
        unsafeBitCast($0, to: CancelTask.self)
    }

    /// Cancels the task whose job pointer is `task`, as `Task.cancel()` would.
    static func cancel(_ task: UnsafeMutableRawPointer) {
        cancelTask?(task)
    }

    /// The runtime's hook variable named `name`, or nil when this runtime does not export it.
    private static func hook<T>(_ name: String, _ type: T.Type) -> UnsafeMutablePointer<T>? {
        dlsym(dlopen(nil, RTLD_NOW), name)?.assumingMemoryBound(to: T.self)
    }

    /// The current time of the runtime's clock `clock` (1: continuous, 2: suspending).
    static func now(clock: Int32) -> Duration {
        var spec = timespec()
        #if os(Linux)
            clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &spec)
        #else
            clock_gettime(clock == 1 ? CLOCK_MONOTONIC_RAW : CLOCK_UPTIME_RAW, &spec)
        #endif
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }
}
