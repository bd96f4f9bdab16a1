@_exported import ConformanceRunner
import Generators
@_exported import PurchaseStateMachine
import Testing

extension Conformance {
    /// Checks an App Store `subject` against the model inside a Swift Testing `@Test` or an XCTest method.
    ///
    /// Each failure is recorded at the caller's file and line with the full report: as an
    /// issue in Swift Testing, as an `XCTFail` in XCTest. The report's `Replay:` line is
    /// `PURCHASE_CONFORMANCE_REPLAY=FILE swift test --filter TEST`, which re-runs this test on
    /// the saved file instead of generating. Bad settings (a malformed environment variable,
    /// an unreadable failures folder or replay file) are thrown, and so is the report when no
    /// test is running to record it (a detached task, a plain program).
    ///
    /// `histories`, `seed`, `timeLimit` and `maxEvents` are defaults the environment overrides
    /// (`PURCHASE_CONFORMANCE_PROFILE`, `_HISTORIES`, `_SEED`, `_TIME_LIMIT`, `_MAX_EVENTS`);
    /// `PURCHASE_CONFORMANCE_STATS=1` prints what the histories exercised. A run whose histories
    /// rarely reached an event kind or renewal state records a warning (`HealthWarning`), not a failure.
    ///
    /// ```swift
    /// @Test func purchases() throws {
    ///     try Conformance.check(MyStoreSubject.self, catalog: catalog)
    /// }
    /// ```
    @discardableResult
    public static func check<S: PurchaseSubject>(
        _ subject: S.Type, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        timeLimit: Duration? = nil, maxEvents: Int? = nil,
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws -> ConformanceRun {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        let run = try Conformance.run(
            subject, catalog: catalog, histories: histories, seed: seed, timeLimit: timeLimit, maxEvents: maxEvents,
            profile: profile, policy: policy, checks: checks, failuresFolder: failuresFolder, testFilter: context.testFilter)
        try report(run, context: context)
        return run
    }

    /// Replays the history file at `path` against `subject` in a test, recording a failure at
    /// the caller's line as `check` does; returns the run.
    @discardableResult
    public static func replay<S: PurchaseSubject>(
        _ subject: S.Type, file path: String, checks: CheckSelection = CheckSelection(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws -> ConformanceRun {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        let run = try Conformance.replay(
            named: String(describing: subject), file: path, checks: checks, testFilter: context.testFilter,
            factory: { catalog, context in try S(catalog: catalog, context: context) })
        try report(run, context: context)
        return run
    }

    /// Replays one regression-corpus case against `subject` and records a failure at the
    /// caller's line unless it does what its `expect` says (see `corpus(_:relativeTo:)`).
    ///
    /// ```swift
    /// @Test(arguments: Conformance.corpus("Corpus"))
    /// func corpusCase(_ file: String) throws {
    ///     try Conformance.expect(MyStore.self, file: file)
    /// }
    /// ```
    public static func expect<S: PurchaseSubject>(
        _ subject: S.Type, file path: String, checks: CheckSelection = CheckSelection(),
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: String = #function
    ) throws {
        let context = TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function)
        if let mismatch = try Conformance.corpusMismatch(
            named: String(describing: subject), file: path, checks: checks, testFilter: context.testFilter,
            factory: { catalog, context in try S(catalog: catalog, context: context) })
        {
            guard context.recordFailure(mismatch) else { throw ConformanceError(mismatch) }
        }
    }

    /// Records the failures of a finished run at the caller's file and line, as `check` does,
    /// and prints its notes (and statistics, when collected).
    public static func report<St: Store>(
        _ run: StoreConformanceRun<St>, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, function: String = #function
    ) throws {
        try report(run, context: TestContext(fileID: fileID, filePath: filePath, line: line, column: column, function: function))
    }

    /// Records the failures of a finished run at `sourceLocation` (Swift Testing only).
    public static func report<St: Store>(_ run: StoreConformanceRun<St>, sourceLocation: SourceLocation) {
        if Test.current != nil {
            for warning in run.result.healthWarnings {
                Issue.record(Comment(rawValue: warning.text), severity: .warning, sourceLocation: sourceLocation)
            }
        }
        for failure in run.result.failures {
            Issue.record(Comment(rawValue: failure.rendered(reproduce: run.reproduce)), sourceLocation: sourceLocation)
            attach(failure, subject: run.subject, sourceLocation: sourceLocation)
        }
    }

    /// Records each failure (attaching its files in Swift Testing); outside any test the whole
    /// report is thrown as a `ConformanceError` instead, so no failure is ever dropped.
    static func report<St: Store>(_ run: StoreConformanceRun<St>, context: TestContext) throws {
        recordHealthWarnings(run, context: context)
        if run.passed {
            let extras = run.notes + (run.result.coverage.map { [$0.rendered()] } ?? [])
            if !extras.isEmpty { print((["\(run.subject):"] + extras).joined(separator: "\n")) }
            return
        }
        if context.inSwiftTesting {
            for failure in run.result.failures {
                _ = context.recordFailure(failure.rendered(reproduce: run.reproduce))
                attach(failure, subject: run.subject, sourceLocation: context.sourceLocation)
            }
        } else {
            let files = timelineFiles(run)
            guard context.inXCTest else { throw ConformanceError(run.report + files) }
            for (i, failure) in run.result.failures.enumerated() {
                _ = context.recordFailure(failure.rendered(reproduce: run.reproduce) + (i == 0 ? files : ""))
            }
        }
        for (requirement, reached) in run.result.coverageShortfalls {
            let message = "coverage: \(requirement.label) reached in \(reached * 100)% of histories"
            guard context.recordFailure(message) else { throw ConformanceError(message) }
        }
        let extras = run.notes + (run.result.coverage.map { [$0.rendered()] } ?? [])
        if !extras.isEmpty { print((["\(run.subject):"] + extras).joined(separator: "\n")) }
    }

    /// Records each health warning as a Swift Testing warning; elsewhere prints it.
    static func recordHealthWarnings<St: Store>(_ run: StoreConformanceRun<St>, context: TestContext) {
        let warnings = run.result.healthWarnings
        guard !warnings.isEmpty else { return }
        if context.inSwiftTesting {
            for warning in warnings {
                Issue.record(Comment(rawValue: warning.text), severity: .warning, sourceLocation: context.sourceLocation)
            }
        } else {
            print((["\(run.subject): health"] + warnings.map(\.text)).joined(separator: "\n"))
        }
    }
}
