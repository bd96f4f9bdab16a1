import ConformanceRunner
import Foundation
import Synchronization
@_spi(ExperimentalCustomExecutors) import _Concurrency

/// Runs every job of one simulated app, one at a time, on the thread that drives it, choosing
/// the order from the history's scheduling decisions.
///
/// Ready work is kept in enqueue order: the main actor's jobs in a FIFO (only its head can run,
/// as on a real main queue), global jobs and store steps (StoreKit answering or delivering) all
/// runnable. At each step the scheduler asks `ScheduleDecisions.choose(among:)` which of the
/// runnable items runs next, in enqueue order, so 0 — the shrinker's target — is the oldest.
/// Timed jobs (`Task.sleep`, clocks) wait on a virtual clock that follows the store's clock.
final class Scheduler: @unchecked Sendable {
    /// Where a job was enqueued.
    enum Lane { case main, global, timer }

    /// What the driving thread is doing, for the main executor's isolation answer.
    enum Activity { case idle, main, global }

    /// A step the simulated App Store takes (deliver an element, answer a request).
    struct StoreStep {
        let label: String
        let perform: () -> Void
    }

    enum Work {
        case job(UnownedJob, Lane)
        case store(StoreStep)
    }

    struct Entry {
        var sequence: Int
        var work: Work
    }

    struct Timer {
        var due: Duration
        var sequence: Int
        var job: UnownedJob
    }

    /// The app session (one launch) that static StoreKit entry points reach.
    var session: StoreSession?
    /// The virtual time, measured from the history's start, that timers are compared with.
    var virtualNow: Duration = .zero

    private(set) lazy var mainExecutor = SimulatedMainExecutor.make(for: self)
    private(set) lazy var taskExecutor = SimulatedTaskExecutor.make(for: self)
    private(set) var activity = Activity.idle
    private var drivingThread: pthread_t?
    private var mainQueue: [Entry] = []
    private var mainHead = 0
    private var others: [Entry] = []
    private var timers: [Timer] = []
    private var sequence = 0
    /// The tasks seen so far, retained, in the order first seen.
    private(set) var trackedTasks: [UnsafeMutableRawPointer] = []
    private var trackedSet: Set<UnsafeMutableRawPointer> = []
    /// The global job running now, and the same task enqueued again while it ran.
    private var runningGlobalJob: UnownedJob?
    private var continuation: UnownedJob?
    private let inbox = Mutex<[(UnownedJob, Lane)]>([])
    private let inboxCount = Atomic<Int>(0)
    /// Jobs enqueued from a thread the scheduler does not drive (a fault: their timing is not controlled).
    private(set) var foreignEnqueues = 0

    init() {
        _ = RuntimeHooks.installed
        _ = mainExecutor
        _ = taskExecutor
    }

    deinit {
        mainExecutor.scheduler = nil
        taskExecutor.scheduler = nil
    }

    /// Whether code running now on this thread is isolated to the simulated main actor.
    var isMainIsolatedHere: Bool {
        guard let thread = drivingThread, pthread_equal(thread, pthread_self()) != 0 else { return false }
        return activity != .global
    }

    /// Runs `body` with this scheduler driving the current thread.
    func drive<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let previous = drivingThread
        drivingThread = pthread_self()
        defer { drivingThread = previous }
        return try DrivingThread.drive(self, body)
    }

    /// Adds a store step to the runnable work.
    func post(_ label: String, _ perform: @escaping () -> Void) {
        sequence += 1
        others.append(Entry(sequence: sequence, work: .store(StoreStep(label: label, perform: perform))))
    }

    /// Queues a job enqueued on `lane`; jobs from other threads wait in an inbox.
    func enqueue(_ job: UnownedJob, lane: Lane) {
        guard let thread = drivingThread, pthread_equal(thread, pthread_self()) != 0 else {
            inbox.withLock { $0.append((job, lane)) }
            inboxCount.add(1, ordering: .releasing)
            return
        }
        if lane == .global, let running = runningGlobalJob, Self.same(running, job) {
            // A nonisolated task hopping to the global executor from the global executor: the
            // real runtime would not suspend it (only the scheduler's task executor makes it
            // hop), so it goes on at once, without a scheduling decision.
            continuation = job
            return
        }
        track(job)
        sequence += 1
        let entry = Entry(sequence: sequence, work: .job(job, lane))
        if lane == .main { mainQueue.append(entry) } else { others.append(entry) }
    }

    private static func same(_ a: UnownedJob, _ b: UnownedJob) -> Bool {
        unsafeBitCast(a, to: UnsafeRawPointer.self) == unsafeBitCast(b, to: UnsafeRawPointer.self)
    }

    /// Queues a job to become runnable once the virtual clock has moved on by `delay`.
    func enqueueTimer(_ job: UnownedJob, after delay: Duration) {
        guard let thread = drivingThread, pthread_equal(thread, pthread_self()) != 0 else {
            return enqueue(job, lane: .global)
        }
        track(job)
        sequence += 1
        let timer = Timer(due: virtualNow + max(.zero, delay), sequence: sequence, job: job)
        let index = timers.firstIndex { ($0.due, $0.sequence) > (timer.due, timer.sequence) } ?? timers.count
        timers.insert(timer, at: index)
    }

    /// Runs runnable work until none is left, letting the virtual clock move on to timers due
    /// by `horizon` (nil: fire every timer); each choice among two or more runnable items comes
    /// from `decisions` (nil: always the oldest).
    func runUntilQuiescent(
        decisions: ScheduleDecisions?, horizon: Duration?, limit: Int, while handling: @autoclosure () -> String
    ) throws(SubjectError) {
        var ran = 0
        while true {
            adoptInbox()
            promoteDueTimers()
            let mainReady = mainHead < mainQueue.count
            let count = others.count + (mainReady ? 1 : 0)
            if count == 0 {
                guard let next = timers.first, horizon.map({ next.due <= $0 }) ?? true else { break }
                virtualNow = max(virtualNow, next.due)
                continue
            }
            guard ran < limit else {
                throw SubjectError(
                    "the app did not become quiescent within \(limit) jobs while handling \(handling()); "
                        + "it may never stop scheduling work (for example a loop around Task.yield())")
            }
            let pick = count == 1 ? 0 : (decisions?.choose(among: count) ?? 0)
            ran += run(take(pick, mainReady: mainReady), budget: limit - ran)
        }
        if mainHead > 0, mainHead == mainQueue.count {
            mainQueue.removeAll(keepingCapacity: true)
            mainHead = 0
        }
    }

    /// Removes the `pick`-th runnable item, in enqueue order.
    private func take(_ pick: Int, mainReady: Bool) -> Entry {
        guard mainReady else { return others.remove(at: pick) }
        let headSequence = mainQueue[mainHead].sequence
        let position = others.firstIndex { $0.sequence > headSequence } ?? others.count
        if pick == position {
            mainHead += 1
            return mainQueue[mainHead - 1]
        }
        return others.remove(at: pick < position ? pick : pick - 1)
    }

    /// Runs `entry` (and the task it continues at once, within `budget` jobs); returns the jobs run.
    private func run(_ entry: Entry, budget: Int) -> Int {
        defer { activity = .idle }
        switch entry.work {
        case .job(let job, .main):
            activity = .main
            job.runSynchronously(on: mainExecutor.asUnownedSerialExecutor())
        case .job(let job, .global):
            activity = .global
            var ran = 0
            var next: UnownedJob? = job
            while let current = next {
                runningGlobalJob = current
                current.runSynchronously(on: taskExecutor.asUnownedTaskExecutor())
                ran += 1
                next = continuation
                continuation = nil
                if let pending = next, ran >= budget {
                    runningGlobalJob = nil
                    enqueue(pending, lane: .global)
                    next = nil
                }
            }
            runningGlobalJob = nil
            return ran
        case .job(let job, .timer):
            activity = .global
            job.runSynchronously(on: Scheduler.genericExecutor)
        case .store(let step):
            activity = .idle
            step.perform()
        }
        return 1
    }

    /// Makes timers whose due time has come runnable, earliest first.
    private func promoteDueTimers() {
        var promoted = 0
        while promoted < timers.count, timers[promoted].due <= virtualNow {
            sequence += 1
            others.append(Entry(sequence: sequence, work: .job(timers[promoted].job, .timer)))
            promoted += 1
        }
        if promoted > 0 { timers.removeFirst(promoted) }
    }

    /// Moves jobs that arrived from other threads into the runnable work, counting them.
    private func adoptInbox() {
        guard inboxCount.load(ordering: .acquiring) > 0 else { return }
        let arrived = inbox.withLock { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
        inboxCount.subtract(arrived.count, ordering: .releasing)
        foreignEnqueues += arrived.count
        for (job, lane) in arrived { enqueue(job, lane: lane) }
    }

    /// Retains each task the first time one of its jobs is seen, so it can be cancelled at shutdown.
    private func track(_ job: UnownedJob) {
        let executorJob = ExecutorJob(job)
        let isTask = executorJob.kind == .task
        _ = UnownedJob(executorJob)
        guard isTask else { return }
        let task = unsafeBitCast(job, to: UnsafeMutableRawPointer.self)
        guard trackedSet.insert(task).inserted else { return }
        _ = Unmanaged<AnyObject>.fromOpaque(task).retain()
        trackedTasks.append(task)
    }

    /// Drops every queued job and timer without running it (their tasks leak).
    func forgetPendingWork() {
        mainQueue.removeAll()
        mainHead = 0
        others.removeAll()
        timers.removeAll()
    }

    /// Releases the tasks retained while they were seen.
    func releaseTrackedTasks() {
        let released = trackedTasks
        trackedTasks.removeAll()
        trackedSet.removeAll()
        for task in released { Unmanaged<AnyObject>.fromOpaque(task).release() }
    }

    /// The generic executor: no isolation.
    static let genericExecutor = unsafeBitCast((0, 0), to: UnownedSerialExecutor.self)
}
