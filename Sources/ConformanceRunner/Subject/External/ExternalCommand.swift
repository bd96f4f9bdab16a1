#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command line for an external subject, split into an argument vector without a shell.
///
/// The text of `--exec 'CMD ARG…'` is split the way a POSIX shell splits words, and nothing
/// more: whitespace separates arguments; single quotes keep everything literally; inside double
/// quotes a backslash escapes only `"`, `\`, `$` and `` ` ``; elsewhere a backslash escapes the
/// next character. Adjacent pieces join (`a'b c'"d"` is one argument), and `''` is an empty
/// argument. There is no expansion of variables, `~` or globs, and unquoted shell operators
/// (`|`, `&`, `;`, `<`, `>`, `(`, `)`, `` ` ``) are refused with a hint, because no shell would run
/// them. The executable is then resolved through `PATH` the way `execvp` does.
public struct ExternalCommand: Hashable, Sendable, CustomStringConvertible {
    /// The argument vector; the first element is the command as written.
    public let arguments: [String]
    /// The absolute path of the program that runs.
    public let executable: String

    /// Splits `text` into arguments and resolves its program through `searchPath` (`PATH` when nil).
    public init(parsing text: String, searchPath: String? = nil) throws(ExternalCommandError) {
        try self.init(arguments: Self.split(text), searchPath: searchPath)
    }

    /// Uses `arguments` as they are and resolves the first through `searchPath` (`PATH` when nil).
    public init(arguments: [String], searchPath: String? = nil) throws(ExternalCommandError) {
        guard let program = arguments.first, !program.isEmpty else { throw ExternalCommandError(.empty) }
        self.arguments = arguments
        self.executable = try Self.resolve(program, searchPath: searchPath)
    }

    /// The command as a person would type it, quoting arguments that need it.
    public var description: String {
        arguments.map { argument in
            let plain = !argument.isEmpty
                && argument.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./=:,+@%".unicodeScalars.contains($0) }
            return plain ? argument : "'" + argument.replacingAll("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    /// Splits a command line into words with POSIX shell quoting, without any expansion.
    public static func split(_ text: String) throws(ExternalCommandError) -> [String] {
        enum Quote { case none, single, double }
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote = Quote.none
        var quoteStart = 0
        var scalars = Array(text.unicodeScalars)[...]
        var position = 0
        while let c = scalars.popFirst() {
            position += 1
            switch quote {
            case .single:
                if c == "'" { quote = .none } else { current.unicodeScalars.append(c) }
            case .double:
                if c == "\"" {
                    quote = .none
                } else if c == "\\", let next = scalars.first, "\"\\$`\n".unicodeScalars.contains(next) {
                    scalars.removeFirst()
                    position += 1
                    if next != "\n" { current.unicodeScalars.append(next) }
                } else {
                    current.unicodeScalars.append(c)
                }
            case .none:
                if c == " " || c == "\t" || c == "\n" || c == "\r" {
                    if inWord { words.append(current) }
                    current = ""
                    inWord = false
                } else if c == "'" || c == "\"" {
                    quote = c == "'" ? .single : .double
                    quoteStart = position
                    inWord = true
                } else if c == "\\" {
                    guard let next = scalars.popFirst() else { throw ExternalCommandError(.trailingBackslash) }
                    position += 1
                    if next != "\n" {
                        current.unicodeScalars.append(next)
                        inWord = true
                    }
                } else if "|&;<>()`".unicodeScalars.contains(c) {
                    throw ExternalCommandError(.shellOperator(Character(c), position: position))
                } else {
                    current.unicodeScalars.append(c)
                    inWord = true
                }
            }
        }
        switch quote {
        case .single: throw ExternalCommandError(.unbalancedQuote("'", position: quoteStart))
        case .double: throw ExternalCommandError(.unbalancedQuote("\"", position: quoteStart))
        case .none: break
        }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw ExternalCommandError(.empty) }
        return words
    }

    /// Finds the program `name` as `execvp` would: a name with a slash is a path (made absolute
    /// from the working directory); otherwise the first executable regular file of that name in
    /// `searchPath`'s directories (an empty entry is the working directory).
    public static func resolve(_ name: String, searchPath: String? = nil) throws(ExternalCommandError) -> String {
        guard !name.isEmpty else { throw ExternalCommandError(.empty) }
        if name.contains("/") {
            let path = name.hasPrefix("/") ? name : workingDirectory() + "/" + name
            guard isExecutableFile(path) else {
                throw ExternalCommandError(access(path, F_OK) == 0 ? .notExecutable(path) : .notFound(name, searched: nil))
            }
            return path
        }
        let path = searchPath ?? environmentPath() ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let base = directory.isEmpty ? workingDirectory() : String(directory)
            let candidate = base.hasSuffix("/") ? base + name : base + "/" + name
            if isExecutableFile(candidate) { return candidate.hasPrefix("/") ? candidate : workingDirectory() + "/" + candidate }
        }
        throw ExternalCommandError(.notFound(name, searched: path))
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    private static func environmentPath() -> String? {
        guard let value = getenv("PATH") else { return nil }
        return String(cString: value)
    }

    private static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress, getcwd(base, pointer.count) != nil else { return "." }
            return String(cString: base)
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
