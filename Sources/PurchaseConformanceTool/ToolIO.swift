import BuiltInSubjects
import ConformanceRunner
import Foundation

/// Where the command-line tool reads its environment and writes its output.
///
/// The real tool uses the process's streams; tests pass closures that collect the text.
package struct ToolIO: Sendable {
    /// Writes to standard output (the text includes its newlines).
    package var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    package var standardError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (a live progress line is shown only then).
    package var errorIsTerminal: Bool
    /// The environment variables.
    package var environment: [String: String]

    /// Creates an I/O description.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
        errorIsTerminal: Bool = false, environment: [String: String] = [:]
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
    }

    /// The process's own streams and environment.
    package static var process: ToolIO {
        ToolIO(
            standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            errorIsTerminal: isatty(2) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// Writes a line to standard output.
    func print(_ line: String) { standardOutput(line + "\n") }
    /// Writes a line to standard error.
    func printError(_ line: String) { standardError(line + "\n") }

    /// Whether a live progress line should be drawn (a terminal, and `NO_COLOR` unset).
    var showsProgress: Bool { errorIsTerminal && environment["NO_COLOR"] == nil }
}
