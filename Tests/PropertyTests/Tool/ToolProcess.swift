import Foundation

/// Runs the built `purchase-conformance` executable, as a user would, and captures what it does.
struct ToolProcess {
    let status: Int32
    let output: String
    let error: String

    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built tool: beside the test bundle (SwiftPM builds it first, the test target depends on it).
    static var executable: URL? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [
            here.appendingPathComponent("purchase-conformance"),
            here.deletingLastPathComponent().appendingPathComponent("purchase-conformance"),
            root.appendingPathComponent(".build/debug/purchase-conformance"),
        ] where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return nil
    }

    /// Runs the tool with `arguments` in `directory` (the repository root by default); kills it after `timeout` seconds.
    static func run(_ arguments: [String], in directory: URL = root, timeout: TimeInterval = 120, environment: [String: String] = [:]) throws -> ToolProcess {
        guard let executable else { throw ToolProcessError("the purchase-conformance executable was not built next to the tests") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = OutputCollector(out.fileHandleForReading)
        let errData = OutputCollector(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                throw ToolProcessError("purchase-conformance \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
            }
            _ = outData.wait(for: 0.05)
        }
        process.waitUntilExit()
        return ToolProcess(status: process.terminationStatus, output: outData.finish(), error: errData.finish())
    }
}

/// Reads a pipe to its end on a background thread.
final class OutputCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            let all = handle.readDataToEndOfFile()
            self.lock.lock()
            self.data = all
            self.lock.unlock()
            self.done.signal()
        }
    }

    /// Waits up to `seconds` for the pipe to close; true when it closed.
    func wait(for seconds: Double) -> Bool {
        if done.wait(timeout: .now() + seconds) == .success {
            done.signal()
            return true
        }
        return false
    }

    /// Everything read, once the pipe closed.
    func finish() -> String {
        done.wait()
        done.signal()
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

struct ToolProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
