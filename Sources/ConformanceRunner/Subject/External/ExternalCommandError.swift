/// Why a command line could not become a program to run.
public struct ExternalCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Reason: Hashable, Sendable {
        case empty
        case unbalancedQuote(Character, position: Int)
        case trailingBackslash
        case shellOperator(Character, position: Int)
        case notFound(String, searched: String?)
        case notExecutable(String)
    }

    let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// Whether the text could not be split (a quote, an escape or an operator), as opposed to a missing program.
    public var isSyntaxError: Bool {
        switch reason {
        case .unbalancedQuote, .trailingBackslash, .shellOperator, .empty: return true
        case .notFound, .notExecutable: return false
        }
    }

    /// The problem in words, naming the quote and its position or the program and where it was looked for.
    public var description: String {
        switch reason {
        case .empty:
            return "the command is empty: give a program and its arguments, such as 'python3 subject.py'"
        case .unbalancedQuote(let q, let position):
            return "the command has an unbalanced \(q == "'" ? "single" : "double") quote (opened at character \(position))"
        case .trailingBackslash:
            return "the command ends with a backslash that escapes nothing"
        case .shellOperator(let c, let position):
            return "the command contains an unquoted `\(c)` (character \(position)), but it runs without a shell; "
                + "quote it to pass it as an argument, or run a shell yourself: sh -c '…'"
        case .notFound(let name, let searched?):
            return "the program `\(name)` was not found in PATH (\(searched))"
        case .notFound(let name, nil):
            return "the program `\(name)` does not exist"
        case .notExecutable(let path):
            return "`\(path)` is not an executable file"
        }
    }
}
