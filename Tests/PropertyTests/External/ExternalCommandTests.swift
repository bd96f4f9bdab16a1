import ConformanceRunner
import Foundation
import Testing

@Suite("External command lines split like a shell would, without a shell")
struct ExternalCommandTests {
    @Test(
        "Whitespace, quotes and escapes give the shell's words",
        arguments: [
            ("python3 subject.py", ["python3", "subject.py"]),
            ("  a \t b\nc  ", ["a", "b", "c"]),
            ("'a b' \"c d\"", ["a b", "c d"]),
            ("a'b c'\"d\"e", ["ab cde"]),
            ("x '' \"\"", ["x", "", ""]),
            (#"x "a \"q\" \\ \$v \`c\` \n""#, ["x", #"a "q" \ $v `c` \n"#]),
            (#"x 'it'\''s'"#, ["x", "it's"]),
            (#"x a\ b \'"#, ["x", "a b", "'"]),
            ("x '$HOME' ~ *.py", ["x", "$HOME", "~", "*.py"]),
            ("x '|' \"&&\" \\;", ["x", "|", "&&", ";"]),
            ("x \"line\\\nbreak\" a\\\nb", ["x", "linebreak", "ab"]),
            ("x 'é ü' 日本", ["x", "é ü", "日本"]),
        ])
    func splits(_ text: String, _ words: [String]) throws {
        #expect(try ExternalCommand.split(text) == words)
    }

    @Test(
        "Text a shell would refuse or run differently is an error that says why",
        arguments: [
            ("python3 'subject.py", "unbalanced single quote (opened at character 9)"),
            ("python3 \"subject.py", "unbalanced double quote (opened at character 9)"),
            ("python3 a'b\"c", "unbalanced single quote"),
            ("python3 x\\", "ends with a backslash"),
            ("python3 x.py | tee log", "unquoted `|` (character 14), but it runs without a shell"),
            ("python3 x.py 2>/dev/null", "unquoted `>`"),
            ("a; b", "unquoted `;`"),
            ("", "the command is empty"),
            ("   \t ", "the command is empty"),
        ])
    func refuses(_ text: String, _ message: String) {
        #expect {
            try ExternalCommand.split(text)
        } throws: { error in
            guard let error = error as? ExternalCommandError else { return false }
            return error.isSyntaxError && error.description.contains(message)
        }
    }

    @Test("A program name is looked up in PATH like execvp, first match wins")
    func resolvesThroughPath() throws {
        let command = try ExternalCommand(parsing: "sh -c 'exit 0'", searchPath: "/nonexistent::/usr/bin:/bin")
        #expect(command.executable.hasSuffix("/sh") && command.executable.hasPrefix("/"))
        #expect(command.arguments == ["sh", "-c", "exit 0"])
        #expect(try ExternalCommand.resolve("sh", searchPath: "/bin:/usr/bin") == "/bin/sh")
    }

    @Test("A program that is missing or not executable is an error naming it")
    func missingProgram() {
        #expect {
            try ExternalCommand(parsing: "no-such-program-4711 --flag", searchPath: "/usr/bin:/bin")
        } throws: { error in
            let text = (error as? ExternalCommandError)?.description ?? ""
            return text.contains("`no-such-program-4711` was not found in PATH (/usr/bin:/bin)")
        }
        let plain = FileManager.default.temporaryDirectory.appendingPathComponent("not-executable-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: plain, contents: Data("x".utf8), attributes: [.posixPermissions: 0o644])
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect {
            try ExternalCommand.resolve(plain)
        } throws: { error in
            (error as? ExternalCommandError)?.description == "`\(plain)` is not an executable file"
        }
        #expect(throws: ExternalCommandError.self) { try ExternalCommand.resolve("./no-such-file-4711") }
    }

    @Test("A path with a slash is used as it is, made absolute")
    func pathsWithSlash() throws {
        #expect(try ExternalCommand.resolve("/bin/sh", searchPath: "") == "/bin/sh")
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let up = String(repeating: "../", count: depth) + "bin/sh"
        let relative = try ExternalCommand.resolve(up, searchPath: "")
        #expect(relative == FileManager.default.currentDirectoryPath + "/" + up)
    }

    @Test("The description quotes arguments so that it splits back to the same words")
    func descriptionRoundTrips() throws {
        let command = try ExternalCommand(arguments: ["sh", "-c", "echo 'hi' | cat", "", "a\"b", "plain-arg_1.py"])
        #expect(try ExternalCommand.split(command.description) == command.arguments)
        #expect(command.description.hasPrefix("sh -c "))
    }
}
