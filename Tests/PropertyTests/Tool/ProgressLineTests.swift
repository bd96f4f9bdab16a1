import Testing

/// `check` draws a live progress line on a terminal's standard error, for either store, and
/// clears it before the report; never when standard error is not a terminal.
@Suite("The progress line of check, for either store")
struct ProgressLineTests {
    @Test(
        "On a terminal a passing campaign shows generating and a failing one shrinking; the line is cleared and never on standard output",
        arguments: SubjectPair.bothStores)
    func progressOnTerminal(_ pair: SubjectPair) {
        let passing = InProcessTool.run(["check", "--subject", pair.correct, "--no-save", "--histories", "300"], terminal: true)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        #expect(passing.error.contains("generating: "), "\(passing.error)")
        #expect(passing.error.contains("/300 histories · "), "\(passing.error)")
        #expect(passing.error.contains("\u{1B}[2K"), "the line is cleared")
        let failing = InProcessTool.run(["check", "--subject", pair.buggy, "--no-save", "--histories", "300"], terminal: true)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        #expect(failing.error.contains("shrinking: "), "\(failing.error)")
        #expect(!failing.output.contains("histories/s"), "the progress line goes to standard error only")
        let quiet = InProcessTool.run(["check", "--subject", pair.buggy, "--no-save", "--histories", "300"])
        #expect(!quiet.error.contains("histories/s"), "no progress line when standard error is not a terminal")
    }
}
