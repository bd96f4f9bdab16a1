import ConformanceRunner
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A subject process is spoken to line by line and never hangs the runner")
struct SubjectProcessTests {
    /// A process running `script` with `sh -c`.
    func shell(_ script: String, timeout: Duration = .seconds(5), startup: Duration = .seconds(10)) throws -> SubjectProcess {
        SubjectProcess(command: try ExternalCommand(arguments: ["sh", "-c", script]), timeout: timeout, startupAllowance: startup)
    }

    @Test("Each message gets the next reply line, and the program is reused")
    func exchangesLines() throws {
        let process = SubjectProcess(command: try ExternalCommand(parsing: "cat"))
        defer { process.stop() }
        try process.launch()
        #expect(try process.exchange(#"{"type":"start"}"#) == #"{"type":"start"}"#)
        #expect(try process.exchange("second") == "second")
        #expect(process.launches == 1 && process.isRunning)
        process.stop()
        #expect(!process.isRunning)
        #expect(throws: SubjectProcessError.self) { try process.exchange("after stop") }
        try process.restart()
        #expect(try process.exchange("again") == "again" && process.launches == 2)
    }

    @Test("A message longer than the pipe's buffer is written while the reply is read")
    func longMessage() throws {
        let process = SubjectProcess(command: try ExternalCommand(parsing: "cat"))
        defer { process.stop() }
        try process.launch()
        let line = String(repeating: "0123456789", count: 100_000)
        #expect(try process.exchange(line) == line)
    }

    @Test("A program that does not answer in time is stopped and reported, even one ignoring SIGTERM")
    func timeout() throws {
        let clock = ContinuousClock()
        for script in ["read line; echo up; read line; sleep 30", "trap '' TERM; read line; echo up; read line; sleep 30", "read line; echo up; sleep 30"] {
            let process = try shell(script, timeout: .milliseconds(200))
            try process.launch()
            #expect(try process.exchange("hello") == "up")
            let began = clock.now
            // 1 MB: the program that never reads cannot block the write either.
            let error = #expect(throws: SubjectProcessError.self) { try process.exchange(String(repeating: "x", count: 1_000_000)) }
            #expect(error?.isTimeout == true)
            #expect(error?.description.hasPrefix("no reply within 0.2 s; the subject process was stopped") == true)
            #expect(clock.now - began < .seconds(3))
            #expect(!process.isRunning)
            #expect(process.lastExit?.contains("signal") == true, "\(script): \(process.lastExit ?? "?")")
        }
    }

    @Test("A program that exits is reported with its status and last words; writing to it does not kill the runner")
    func exits() throws {
        let process = try shell("read line; echo 'fatal: out of cheese' >&2; exit 7")
        try process.launch()
        let error = #expect(throws: SubjectProcessError.self) { try process.exchange("hello") }
        #expect(error?.hasExited == true)
        #expect(error?.description.contains("ended (exit status 7) without replying") == true)
        #expect(error?.lastErrorLine == "fatal: out of cheese")
        #expect(process.lastExit == "exit status 7")

        let gone = try shell("exit 0")
        try gone.launch()
        Thread.sleep(forTimeInterval: 0.1)
        let late = #expect(throws: SubjectProcessError.self) { try gone.exchange(String(repeating: "y", count: 300_000)) }
        #expect(late?.hasExited == true, "\(late.map(String.init(describing:)) ?? "")")
    }

    @Test("A crash is reported with its signal")
    func crash() throws {
        let process = try shell("read line; kill -SEGV $$")
        try process.launch()
        let error = #expect(throws: SubjectProcessError.self) { try process.exchange("hello") }
        #expect(error?.description.contains("killed by signal 11") == true, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("The first reply after a start may take the startup allowance; later ones only the timeout")
    func startupAllowance() throws {
        let clock = ContinuousClock()
        let slow = try shell("sleep 0.5; read line; echo ready; read line; sleep 30", timeout: .milliseconds(100), startup: .seconds(20))
        try slow.launch()
        #expect(try slow.exchange("hello") == "ready")
        let error = #expect(throws: SubjectProcessError.self) { try slow.exchange("again") }
        #expect(error?.description.hasPrefix("no reply within 0.1 s") == true, "\(error.map(String.init(describing:)) ?? "")")

        let silent = try shell("sleep 30", timeout: .milliseconds(100), startup: .milliseconds(600))
        try silent.launch()
        let began = clock.now
        let never = #expect(throws: SubjectProcessError.self) { try silent.exchange("hello") }
        #expect(never?.description.hasPrefix("no reply within 0.6 s") == true, "\(never.map(String.init(describing:)) ?? "")")
        #expect(clock.now - began >= .milliseconds(600))
        #expect(!silent.isRunning)
        // It hangs rather than starts slowly: its next start gets the plain timeout.
        try silent.launch()
        let again = #expect(throws: SubjectProcessError.self) { try silent.exchange("hello") }
        #expect(again?.description.hasPrefix("no reply within 0.1 s") == true, "\(again.map(String.init(describing:)) ?? "")")
    }

    @Test("A partial line before a hang or an exit is quoted")
    func partialLine() throws {
        let process = try shell("read line; printf '{\"type\":\"o'; exit 1")
        try process.launch()
        let error = #expect(throws: SubjectProcessError.self) { try process.exchange("hello") }
        #expect(error?.description.contains(#"(it had written only: "{\"type\":\"o")"#) == true, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("Standard error is kept, bounded to its last 64 KB, and cannot block the program")
    func standardError() throws {
        // 1 MB on stderr before the reply: more than a pipe holds, so the runner must read it meanwhile.
        let process = try shell("read line; i=0; while [ $i -lt 1000 ]; do printf '%01023d\\n' $i >&2; i=$((i+1)); done; echo 'the end' >&2; echo done")
        defer { process.stop() }
        try process.launch()
        #expect(try process.exchange("go") == "done")
        let tail = process.standardErrorTail
        #expect(tail.hasSuffix("the end\n"))
        #expect(tail.utf8.count < 66 * 1024 && tail.hasPrefix("[… "))
        let lines = tail.split(separator: "\n")
        #expect(lines.count > 2 && lines[1].count == 1023, "the kept text starts at a whole line")
    }

    @Test("Output beyond the one reply line is a fault at the next message")
    func extraOutput() throws {
        let process = try shell("read a; echo one; echo two; read b; echo three")
        try process.launch()
        #expect(try process.exchange("first") == "one")
        Thread.sleep(forTimeInterval: 0.1)
        let error = #expect(throws: SubjectProcessError.self) { try process.exchange("second") }
        #expect(error?.description.contains(#"more than one line in reply to the previous message: "two\n""#) == true)
    }

    @Test("A program that cannot start is an error naming why")
    func cannotStart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("bad.sh")
        try "#!/nonexistent/interpreter\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let process = SubjectProcess(command: try ExternalCommand(arguments: [script.path]))
        let error = #expect(throws: SubjectProcessError.self) { try process.launch() }
        #expect(error?.description.hasPrefix("could not start the subject: \(script.path)") == true)
        #expect(!process.isRunning)
    }

    @Test("A wrapper's children are stopped with it")
    func processGroup() throws {
        let process = try shell("read line; sleep 30 & echo $!; wait")
        try process.launch()
        process.timeout = .milliseconds(100)
        let child = try #require(Int32(try process.exchange("")))
        process.stop()
        var gone = false
        for _ in 0..<100 where !gone {
            // The orphan is killed; its zombie is reaped by init, after which the id is free.
            let status = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            gone = status.isEmpty || status.contains(") Z ")
            if !gone { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(gone)
    }
}
