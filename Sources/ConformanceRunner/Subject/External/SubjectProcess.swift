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
    /// The environment the program gets (`KEY=value` strings); nil: this process's own.
    public let environment: [String: String]?
    /// How long a stopped program may take to exit after `SIGTERM` before it gets `SIGKILL`.
    public let killGrace: Duration
    /// The longest reply line accepted.
    public let maximumReplyLength: Int

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
    var _lastExit: String?
    /// The history now using the process, and its fault, if it had one (see `ExternalSubject`).
    var history: UInt64 = 0
    var historyFault: String?

    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Prepares to run `command`; the program starts at the first history (or `launch()`).
    public init(
        command: ExternalCommand, timeout: Duration = .seconds(5), environment: [String: String]? = nil,
        killGrace: Duration = .milliseconds(200), maximumReplyLength: Int = 16 * 1024 * 1024
    ) {
        Self.ignoreBrokenPipes
        self.command = command
        self._timeout = timeout
        self.environment = environment
        self.killGrace = killGrace
        self.maximumReplyLength = maximumReplyLength
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
    /// Any fault stops the program: a later call needs `launch()` or `restart()` first.
    public func exchange(_ line: String) throws(SubjectProcessError) -> String {
        lock.lock()
        defer { lock.unlock() }
        return try exchangeLocked(line)
    }

    // MARK: Starting and stopping (lock held)

    func launchLocked() throws(SubjectProcessError) {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in inPipe + outPipe + errPipe where fd >= 0 { close(fd) } }
        guard makePipe(&inPipe), makePipe(&outPipe), makePipe(&errPipe) else {
            let why = String(cString: strerror(errno))
            closeAll()
            throw SubjectProcessError(.launchFailed("could not create pipes: \(why)"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        _ = Self.addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = command.arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for p in argv { free(p) }
            for p in envp ?? [] { free(p) }
        }
        var child: pid_t = 0
        let status: Int32 = envp.map { envp in posix_spawn(&child, command.executable, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&child, command.executable, &actions, &attributes, argv, environ)
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard status == 0 else {
            close(inPipe[1])
            close(outPipe[0])
            close(errPipe[0])
            throw SubjectProcessError(.launchFailed("\(command.executable): \(String(cString: strerror(status)))"))
        }
        pid = child
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        pending.removeAll(keepingCapacity: true)
        _launches += 1
        _lastExit = nil
    }

    /// Creates a pipe whose ends close on `exec`, atomically where the C library allows it (so a
    /// program another thread starts at the same moment cannot inherit them).
    private func makePipe(_ fds: inout [Int32]) -> Bool {
        if let pipe2 = Self.pipe2 { return pipe2(&fds, O_CLOEXEC) == 0 }
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `pipe2(2)`, which Swift does not import from Glibc; looked up once.
    private static let pipe2: Pipe2? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), so the program inherits no other descriptor.
    private static let addCloseFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: CloseFrom.self)
    }

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
