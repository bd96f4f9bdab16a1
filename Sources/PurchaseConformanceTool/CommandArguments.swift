import BuiltInSubjects
import ConformanceRunner
import Foundation

/// A usage problem: an unknown flag, a missing or malformed value. Exit status 2.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// The subcommand whose `--help` explains the usage, if known.
    package var command: String?

    /// Creates a usage error.
    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}

/// One option a subcommand accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes, such as `histories`.
    let name: String
    /// The value's placeholder (`N`, `FILE`), or nil for a flag.
    let value: String?
    /// One line of help.
    let help: String

    /// The `--help` flag (also `-h`) that every subcommand takes.
    static let helpFlag = OptionSpec(name: "help", value: nil, help: "show this help")
}

/// A subcommand's arguments after parsing: positional arguments, option values, flags.
struct CommandArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    let command: String

    /// Parses `arguments` against `options`; `--name value`, `--name=value`, flags, and `-h`
    /// for `--help`. An option given twice is an error (never "the last one wins").
    init(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) {
        self.command = command
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h", options.contains(where: { $0.name == "help" }) {
                flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-"), argument.count > 1, Int(argument) == nil {
                    throw UsageError("unknown option \(argument) (options start with --)", command: command)
                }
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                let known = options.map { "--\($0.name)" }.joined(separator: ", ")
                throw UsageError("unknown option --\(name) for \(command) (known: \(known))", command: command)
            }
            if spec.value == nil {
                guard inline == nil else { throw UsageError("--\(name) takes no value", command: command) }
                flags.insert(name)
                continue
            }
            guard values[name] == nil else {
                throw UsageError("--\(name) is given twice; give it once", command: command)
            }
            if let inline {
                values[name] = inline
            } else {
                guard index < arguments.count else {
                    throw UsageError("--\(name) needs a value (\(spec.value ?? "VALUE"))", command: command)
                }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    /// The largest count any numeric option takes (histories, events, jobs…): a billion.
    static let maximumCount = 1_000_000_000
    /// The longest duration any option takes, in seconds: 365 days.
    static let maximumSeconds = 31_536_000.0
    /// The shortest duration any option takes, in seconds: one millisecond.
    static let minimumSeconds = 0.001

    /// A positive integer option, or `defaultValue` when absent; values outside `range` are a usage error.
    func int(
        _ name: String, default defaultValue: Int, range: ClosedRange<Int> = 1...CommandArguments.maximumCount
    ) throws(UsageError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(value) else {
            throw UsageError("--\(name) \(text) is not a number in \(range.lowerBound)…\(range.upperBound)", command: command)
        }
        return value
    }

    /// A duration option in seconds (`30`, `30s`, `2m`, `1.5`), or nil when absent.
    ///
    /// The value must lie within `minimumSeconds`…`maximumSeconds` (1 ms to 365 days), so that
    /// converting it to whole milliseconds or nanoseconds can never overflow.
    func seconds(_ name: String) throws(UsageError) -> Double? {
        guard var text = values[name] else { return nil }
        var scale = 1.0
        if text.hasSuffix("ms") {
            scale = 0.001
            text.removeLast(2)
        } else if text.hasSuffix("s") {
            text.removeLast()
        } else if text.hasSuffix("m") {
            scale = 60
            text.removeLast()
        }
        guard let value = Double(text), value > 0, value.isFinite else {
            throw UsageError("--\(name) \(values[name] ?? "") is not a duration such as 30s, 2m or 500ms", command: command)
        }
        let seconds = value * scale
        guard seconds >= Self.minimumSeconds, seconds <= Self.maximumSeconds else {
            throw UsageError(
                "--\(name) \(values[name] ?? "") is out of range: give 1ms to 365 days (\(Int(Self.maximumSeconds))s)",
                command: command)
        }
        return seconds
    }

    /// A comma-separated list option.
    func list(_ name: String) -> [String]? {
        values[name].map { $0.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty } }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " { s = s.dropFirst() }
        while let l = s.last, l == " " { s = s.dropLast() }
        return String(s)
    }
}
