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

    /// The subcommands: the top-level help's line for each, its options, and what it does with them.
    static let commands: [Command] = [
        Command(name: "check", summary: "run a conformance campaign against a subject", options: CommandHelp.check) { try $0.check($1) },
        Command(name: "replay", summary: "replay one history file, or every history in a folder, against a subject", options: CommandHelp.replay) { try $0.replay($1) },
        Command(name: "report", summary: "replay one history file and print its report; --html writes its timeline picture", options: CommandHelp.report) { try $0.report($1) },
        Command(name: "shrink", summary: "shrink a saved failing history further and write the result", options: CommandHelp.shrink) { try $0.shrink($1) },
        Command(name: "model", summary: "print the model's view after each event of a history (one JSON line per event)", options: CommandHelp.model) { try $0.model($1) },
        Command(name: "corpus", summary: "promote a failure into the regression corpus (corpus add), or list it (corpus list)", options: CommandHelp.corpus) { try $0.corpus($1) },
        Command(name: "demo", summary: "check the built-in example subjects and print what each has wrong", options: CommandHelp.demo) { try $0.demo($1) },
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
            default:
                guard let command = Self.commands.first(where: { $0.name == first }) else {
                    throw UsageError("unknown command \"\(first)\" (commands: \(Self.commands.map(\.name).joined(separator: ", ")))")
                }
                // Every command parses its options and answers --help the same way, here.
                let args = try CommandArguments(rest, options: command.options, command: command.name)
                if args.flags.contains("help") {
                    io.print(CommandHelp.text(for: command.name) ?? "")
                    return 0
                }
                return try command.perform(self, args)
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
            "purchase-conformance — check in-app purchase logic against reference models of the App Store and Google Play",
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
            "  purchase-conformance check --subject play-example-ignores-hold --no-save",
            "  purchase-conformance replay Tests/RegressionCorpus/Cases --expect",
            "  purchase-conformance model docs/examples/timeline-example.json",
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
