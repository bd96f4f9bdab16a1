/// The command a failure report prints after `Replay:`, which re-runs the saved history
/// against the same subject.
///
/// A built-in subject replays with the `purchase-conformance` tool; a subject in another
/// process replays with the tool and its `--exec` command; a Swift subject checked in
/// `swift test` replays inside its own test, which reads `PURCHASE_CONFORMANCE_REPLAY`.
public struct ReproduceCommand: Hashable, Sendable {
    enum Form: Hashable, Sendable {
        case tool(arguments: [String])
        case swiftTest(filter: String?)
    }

    let form: Form

    /// `swift run purchase-conformance replay FILE`, followed by `arguments` (such as `--exec CMD`).
    public static func tool(_ arguments: [String] = []) -> ReproduceCommand { ReproduceCommand(form: .tool(arguments: arguments)) }

    /// `PURCHASE_CONFORMANCE_REPLAY=FILE swift test --filter FILTER`: the test re-runs the
    /// user's own subject on the file (every test when `filter` is nil).
    public static func swiftTest(filter: String?) -> ReproduceCommand { ReproduceCommand(form: .swiftTest(filter: filter)) }

    /// The same command with `arguments` added after the tool's (a test filter takes none).
    package func adding(_ arguments: [String]) -> ReproduceCommand {
        guard case .tool(let existing) = form, !arguments.isEmpty else { return self }
        return .tool(existing + arguments)
    }

    /// The command line that reproduces the history saved at `path`.
    public func line(for path: String) -> String {
        switch form {
        case .tool(let arguments):
            return (["swift", "run", "purchase-conformance", "replay", path] + arguments).map(Self.shellQuoted).joined(separator: " ")
        case .swiftTest(let filter):
            var words = ["\(ConformanceEnvironment.replayVariable)=\(Self.shellQuoted(path))", "swift", "test"]
            if let filter { words += ["--filter", Self.shellQuoted(filter)] }
            return words.joined(separator: " ")
        }
    }

    /// `text` as one shell word: unchanged when it holds only safe characters, else in single quotes.
    package static func shellQuoted(_ text: String) -> String {
        let safe = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
