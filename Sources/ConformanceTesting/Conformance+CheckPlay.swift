@_exported import ConformanceRunner
import Generators
@_exported import PurchaseStateMachine
import Testing

extension Conformance {
    /// Checks a Google Play `subject` against the Play model inside a Swift Testing `@Test` or an
    /// XCTest method, as `check(_:catalog:)` does for an App Store subject.
    ///
    /// Each failure is recorded at the caller's file and line as for an App Store subject (with
    /// its minimal history and timeline attached in Swift Testing); its `Replay:` line
    /// (`PURCHASE_CONFORMANCE_REPLAY=FILE swift test --filter TEST`) re-runs this test on the saved
    /// file. Outside any test the report is thrown instead, so no failure is dropped.
    ///
    /// ```swift
    /// @Test func playPurchases() throws {
    ///     try Conformance.check(MyPlayApp.self, catalog: catalog, policy: PlayPolicy(consumables: ["coins"]))
    /// }
    /// ```
    @discardableResult
    public static func check<S: PlaySubject>(
        _ subject: S.Type, catalog: PlayCatalog = .example, policy: PlayPolicy = .example, histories: Int = 1_000,
        seed: Seed = Seed(0x5eed_0001), timeLimit: Duration? = nil, maxEvents: Int? = nil, skipping: [PlayCheck] = [],
        failuresFolder: String? = FailureStore.defaultFolder,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws -> PlayConformanceRun {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        let run = try Conformance.run(
            subject, catalog: catalog, policy: policy, histories: histories, seed: seed, timeLimit: timeLimit, maxEvents: maxEvents,
            skipping: skipping, failuresFolder: failuresFolder, testFilter: context.testFilter)
        try report(run, context: context)
        return run
    }
}

extension Conformance {
    /// Replays the Google Play history file at `path` against `subject` in a test, recording a
    /// failure at the caller's line as `check` does; returns the run.
    @discardableResult
    public static func replay<S: PlaySubject>(
        _ subject: S.Type, file path: String, skipping: [PlayCheck] = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws -> PlayConformanceRun {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        let run = try Conformance.replay(subject, file: path, skipping: skipping, testFilter: context.testFilter)
        try report(run, context: context)
        return run
    }

    /// Replays one Google Play corpus case against `subject` and records a failure at the
    /// caller's line unless it does what its `expect` says.
    ///
    /// ```swift
    /// @Test(arguments: Conformance.corpus("PlayCorpus"))
    /// func playCorpusCase(_ file: String) throws {
    ///     try Conformance.expect(MyPlayApp.self, file: file)
    /// }
    /// ```
    public static func expect<S: PlaySubject>(
        _ subject: S.Type, file path: String, skipping: [PlayCheck] = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        if let mismatch = try Conformance.corpusMismatch(subject, file: path, skipping: skipping, testFilter: context.testFilter) {
            guard context.recordFailure(mismatch) else { throw ConformanceError(mismatch) }
        }
    }
}
