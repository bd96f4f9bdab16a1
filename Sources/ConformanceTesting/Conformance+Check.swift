@_exported import ConformanceRunner
import Generators
@_exported import PurchaseStateMachine
import Testing

extension Conformance {
    /// Checks `subject` against the model inside a Swift Testing `@Test` (or an XCTest method).
    ///
    /// In a Swift Testing test, each failure is recorded as an issue at the caller's source
    /// location, with the full report. Outside one (XCTest), a failure is thrown as a
    /// `ConformanceError` carrying the report. Bad settings (a malformed environment variable,
    /// an unreadable failures folder) are always thrown. A passing run whose histories rarely
    /// reached an event kind or renewal state records a warning (`HealthWarning`), not a failure.
    ///
    /// ```swift
    /// @Test func purchases() throws {
    ///     try Conformance.check(MyStoreSubject.self, catalog: catalog)
    /// }
    /// ```
    @discardableResult
    public static func check<S: PurchaseSubject>(
        _ subject: S.Type, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ConformanceRun {
        let run = try Conformance.run(
            subject, catalog: catalog, histories: histories, seed: seed, profile: profile, policy: policy,
            checks: checks, failuresFolder: failuresFolder)
        try report(run, sourceLocation: sourceLocation)
        return run
    }

    /// Records or throws the failures of a finished run, as `check` does.
    public static func report(_ run: ConformanceRun, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if Test.current != nil {
            for warning in run.result.healthWarnings {
                Issue.record(Comment(rawValue: warning.text), severity: .warning, sourceLocation: sourceLocation)
            }
        }
        guard !run.passed else { return }
        if Test.current != nil {
            for failure in run.result.failures {
                Issue.record(Comment(rawValue: failure.rendered()), sourceLocation: sourceLocation)
                attach(failure, subject: run.subject, sourceLocation: sourceLocation)
            }
            for (requirement, reached) in run.result.coverageShortfalls {
                Issue.record(
                    Comment(rawValue: "coverage: \(requirement.label) reached in \(reached * 100)% of histories"),
                    sourceLocation: sourceLocation)
            }
        } else {
            throw ConformanceError(run.report + timelineFiles(run))
        }
    }
}
