#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SubjectProcess {
    /// Starts the program with its standard streams on three new pipes, in a new process group,
    /// with `SIGPIPE` at its default and no signal blocked.
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
        awaitingFirstReply = true
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
}
