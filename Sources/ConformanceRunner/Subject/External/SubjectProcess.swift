import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A subject running as another program: started from an argument vector (never a shell),
/// spoken to one line at a time, watched for hangs and crashes, and restarted when needed.
///
/// Each `exchange(_:)` writes one line to the program's standard input and reads exactly one
/// line from its standard output within `timeout`. Everything the program writes on standard
/// error is kept (the last 64 KB) for reports: `standardErrorTail`, and
/// `standardErrorOfHistory` since the last history started. A timeout stops the program
/// (`SIGTERM`, then `SIGKILL` after `killGrace`); an exit, a crash or a closed output is
/// detected and described with its status. The program runs in its own process group, so a
/// wrapper's children are stopped with it.
///
/// Waiting uses `poll(2)` on the pipes, on the calling thread: no extra threads, no busy
/// waiting, and every descriptor is closed and the child reaped when the program stops.
/// Writing to a program that has exited must not kill the runner, so creating the first
/// `SubjectProcess` sets `SIGPIPE` to be ignored in this process (the child gets the default
/// back). Every method is thread-safe; one exchange runs at a time.
public final class SubjectProcess: @unchecked Sendable {
    /// The program and its arguments.
    public let command: ExternalCommand
    /// The environment the program gets; nil: this process's own.
    public let environment: [String: String]?
    /// How long a stopped program may take to exit after `SIGTERM` before it gets `SIGKILL`.
    public let killGrace: Duration
    /// The longest reply line accepted.
    public let maximumReplyLength: Int
    /// How long the first reply after a start may take when that is longer than `timeout`: starting
    /// an interpreter on a busy machine is not a hang.
    public let startupAllowance: Duration

    let lock = NSLock()
    var _timeout: Duration
    var pid: pid_t = 0
    var input: Int32 = -1
    var output: Int32 = -1
    var errors: Int32 = -1
    /// Reply bytes read but not yet consumed.
    var pending: [UInt8] = []
    var errorTail = BoundedOutput()
    var errorOfHistory = BoundedOutput()
    var _launches = 0
    /// Whether the program has not yet answered since it started: its first reply may also take
    /// the time an interpreter needs to start (`startupAllowance`).
    var awaitingFirstReply = false
    /// Whether the program last used up the whole `startupAllowance` without a first reply: it
    /// hangs rather than starts slowly, so its next starts get the plain timeout (a hung program
    /// costs one allowance per campaign, not one per run).
    var startupTimedOut = false
    var _lastExit: String?
    /// The history now using the process, and its fault, if it had one (see `ExternalSubject`).
    var history: UInt64 = 0
    var historyFault: String?

    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Prepares to run `command`; the program starts at the first history (or `launch()`).
    public init(
        command: ExternalCommand, timeout: Duration = .seconds(5), environment: [String: String]? = nil,
        killGrace: Duration = .milliseconds(200), maximumReplyLength: Int = 16 * 1024 * 1024,
        startupAllowance: Duration = .seconds(10)
    ) {
        Self.ignoreBrokenPipes
        self.command = command
        self._timeout = timeout
        self.environment = environment
        self.killGrace = killGrace
        self.maximumReplyLength = maximumReplyLength
        self.startupAllowance = startupAllowance
    }

    deinit { stopLocked() }

    /// The per-message timeout: how long `exchange(_:)` waits for a reply line.
    public var timeout: Duration {
        get { lock.withLock { _timeout } }
        set { lock.withLock { _timeout = newValue } }
    }

    /// Whether the program has been started and not yet seen to end.
    public var isRunning: Bool { lock.withLock { pid != 0 } }

    /// The running program's process id, if it runs.
    public var processIdentifier: Int32? { lock.withLock { pid == 0 ? nil : pid } }

    /// How many times the program has been started.
    public var launches: Int { lock.withLock { _launches } }

    /// How the program last ended ("exit status 1", "signal 9 (Killed)"), if it has ended.
    public var lastExit: String? { lock.withLock { _lastExit } }

    /// The last 64 KB the program wrote on standard error, across restarts.
    public var standardErrorTail: String {
        lock.withLock {
            drainErrors()
            return errorTail.text
        }
    }

    /// What the program wrote on standard error since the current history's `start` (last 64 KB).
    public var standardErrorOfHistory: String {
        lock.withLock {
            drainErrors()
            return errorOfHistory.text
        }
    }

    /// Starts the program unless it is running.
    public func launch() throws(SubjectProcessError) {
        lock.lock()
        defer { lock.unlock() }
        if pid == 0 { try launchLocked() }
    }

    /// Stops the program (`SIGTERM`, then `SIGKILL`), reaps it and closes its pipes.
    public func stop() { lock.withLock { stopLocked() } }

    /// Stops the program if it runs and starts it again.
    public func restart() throws(SubjectProcessError) {
        lock.lock()
        defer { lock.unlock() }
        stopLocked()
        try launchLocked()
    }

    /// Writes `line` (a newline is added) and returns the next line the program writes, without its newline.
    ///
    /// Any fault stops the program: a later call needs `launch()` or `restart()` first. Output
    /// beyond the one reply line that has arrived by the next exchange is a fault there; output
    /// that arrives later is read as the next reply, which a strict reader then usually rejects.
    public func exchange(_ line: String) throws(SubjectProcessError) -> String {
        lock.lock()
        defer { lock.unlock() }
        return try exchangeLocked(Array(line.utf8))
    }

    // MARK: Stopping (lock held)

    /// Stops the process group, reaps the child, keeps its last standard error and closes the pipes.
    func stopLocked() {
        guard pid != 0 else { return }
        if !reap(waitingUpTo: .zero) {
            signalGroup(SIGTERM)
            if !reap(waitingUpTo: killGrace) {
                signalGroup(SIGKILL)
                _ = reap(waitingUpTo: .seconds(5))
            }
        }
        signalGroup(SIGKILL)  // anything the program left behind in its group
        closePipes()
    }

    /// Closes the pipes after reading what is left on standard error (briefly) and forgets the child.
    func closePipes() {
        drainErrors(waitingUpTo: .milliseconds(100))
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        errors = -1
        pid = 0
        pending.removeAll(keepingCapacity: true)
    }

    /// Signals the program's process group; the program alone only while it is not yet reaped
    /// (after that its id may belong to someone else).
    private func signalGroup(_ signal: Int32) {
        guard pid > 0 else { return }
        if kill(-pid, signal) != 0, _lastExit == nil { _ = kill(pid, signal) }
    }

    /// Waits for the child to end, up to `limit`; records its status and returns whether it ended.
    func reap(waitingUpTo limit: Duration) -> Bool {
        guard pid > 0 else { return true }
        if _lastExit != nil { return true }
        let deadline = ContinuousClock.now + limit
        var pause = Duration.microseconds(500)
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                _lastExit = Self.describe(status: status)
                return true
            }
            if result < 0 && errno != EINTR {
                _lastExit = "ended; status unknown"  // reaped elsewhere
                return true
            }
            let now = ContinuousClock.now
            if now >= deadline { return false }
            Thread.sleep(forTimeInterval: Self.seconds(min(pause, deadline - now)))
            pause = min(pause * 2, .milliseconds(20))
        }
    }

    static func describe(status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 { return "exit status \((status >> 8) & 0xff)" }
        let name = strsignal(signal).map { String(cString: $0) } ?? "unknown"
        return "killed by signal \(signal) (\(name))"
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
