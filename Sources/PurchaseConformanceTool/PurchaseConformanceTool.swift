import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

/// The `purchase-conformance` command: parses the arguments, runs a subcommand, returns the
/// exit status (0 every check held, 1 a check failed, 2 bad input or usage).
///
/// The executable's `main.swift` only builds one of these with the process's I/O and the
/// subjects it knows; everything else lives here so tests can run the tool in process.
package struct PurchaseConformanceTool: Sendable {
    /// The subjects `--subject NAME` can name.
    package let subjects: [SubjectRunner]
    /// Where output goes.
    package let io: ToolIO

    /// Creates the tool.
    package init(subjects: [SubjectRunner] = BuiltInSubjects.all, io: ToolIO = .process) {
        self.subjects = subjects
        self.io = io
    }

    /// The subcommands, with one line each for the top-level help.
    static let commands: [(name: String, summary: String)] = [
        ("check", "run a conformance campaign against a subject"),
        ("replay", "replay one history file, or every history in a folder, against a subject"),
        ("report", "replay one history file and print its report; --html writes its timeline picture"),
        ("shrink", "shrink a saved failing history further and write the result"),
        ("model", "print the model's view after each event of a history (one JSON line per event)"),
        ("corpus", "promote a failure into the regression corpus (corpus add), or list it (corpus list)"),
        ("demo", "check the built-in example subjects and print what each has wrong"),
    ]

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    package func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            io.printError(Self.help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch first {
            case "-h", "--help", "help":
                if let topic = rest.first, let text = CommandHelp.text(for: topic) {
                    io.print(text)
                } else {
                    io.print(Self.help)
                }
                return 0
            case "--version", "version":
                io.print(ToolVersion.text)
                return 0
            case "check": return try check(rest)
            case "replay": return try replay(rest)
            case "report": return try report(rest)
            case "shrink": return try shrink(rest)
            case "model": return try model(rest)
            case "corpus": return try corpus(rest)
            case "demo": return try demo(rest)
            default:
                throw UsageError("unknown command \"\(first)\" (commands: \(Self.commands.map(\.name).joined(separator: ", ")))")
            }
        } catch let error as UsageError {
            io.printError("error: \(error.message)")
            if let command = error.command { io.printError("See: purchase-conformance \(command) --help") }
            return 2
        } catch {
            io.printError("error: \(error)")
            return 2
        }
    }

    /// The top-level help.
    static var help: String {
        var lines = [
            "purchase-conformance — check in-app purchase logic against a reference model of the App Store",
            "",
            "Usage: purchase-conformance <command> [options]",
            "",
            "Commands:",
        ]
        for command in commands { lines.append("  \(command.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \(command.summary)") }
        lines += [
            "",
            "Run `purchase-conformance <command> --help` for a command's options.",
            "Exit status: 0 every check held, 1 a check failed, 2 bad input or usage.",
            "",
            "Examples:",
            "  purchase-conformance demo",
            "  purchase-conformance check --subject example-refund-ignored --histories 2000",
            "  purchase-conformance check --exec 'python3 Examples/python/buggy_subject.py'",
            "  purchase-conformance replay Tests/RegressionCorpus/Cases --expect",
            "  purchase-conformance model history.json",
        ]
        return lines.joined(separator: "\n")
    }

    /// The subject named by `--subject`, or an error listing the names.
    func subject(named name: String, command: String) throws(UsageError) -> SubjectRunner {
        guard let subject = subjects.first(where: { $0.name == name }) else {
            throw UsageError(
                "unknown subject \"\(name)\" (use --list-subjects; known: \(subjects.map(\.name).joined(separator: ", ")))",
                command: command)
        }
        return subject
    }
}
