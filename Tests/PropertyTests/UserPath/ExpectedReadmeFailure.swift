import Testing

/// Runs each test of a suite expecting a conformance failure of one check: the README's
/// examples find real bugs, and the suite must keep compiling and running them unchanged.
struct ExpectedReadmeFailure: SuiteTrait, TestTrait, TestScoping {
    /// The check whose failure each test must record.
    let check: String

    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { test.isSuite || testCase == nil ? nil : self }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let check = check
        try await withKnownIssue {
            try await function()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("✘ \(check) failed") }
        }
    }
}

extension Trait where Self == ExpectedReadmeFailure {
    /// Expects each test to record a failure of `check`.
    static func expectingFailure(of check: String) -> Self { ExpectedReadmeFailure(check: check) }
}
