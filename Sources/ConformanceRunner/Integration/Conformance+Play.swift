import Foundation
import Generators
import PurchaseStateMachine

extension Conformance {
    /// Runs a Google Play campaign for `subject` on `catalog`, the app consuming what `policy`
    /// says, with every check but those `skipping` names (`ConformanceTesting` adds
    /// `check(MyPlaySubject.self, catalog:policy:)` for a test).
    ///
    /// As for an App Store subject: the environment overrides `histories`, `seed`, `timeLimit`
    /// and `maxEvents` (and sets the shard and `PURCHASE_CONFORMANCE_STATS`); saved failures in
    /// `failuresFolder` (nil: none kept) are replayed first, and a new one is saved there; with
    /// `PURCHASE_CONFORMANCE_REPLAY=FILE` that Play file is replayed instead of generating. A
    /// failure's `Replay:` line is `PURCHASE_CONFORMANCE_REPLAY=FILE swift test --filter TEST`.
    public static func run<S: PlaySubject>(
        _ subject: S.Type, catalog: PlayCatalog = .example, policy: PlayPolicy = .example, histories: Int = 1_000,
        seed: Seed = Seed(0x5eed_0001), timeLimit: Duration? = nil, maxEvents: Int? = nil, skipping: [PlayCheck] = [],
        failuresFolder: String? = FailureStore.defaultFolder, environment: [String: String] = ProcessInfo.processInfo.environment,
        testFilter: String? = nil
    ) throws(ConformanceError) -> PlayConformanceRun {
        let overrides = try ConformanceEnvironment(environment)
        if let path = overrides.replay { return try replay(subject, file: path, skipping: skipping, testFilter: testFilter) }
        var generator = PlayHistoryGenerator(catalog: catalog)
        if let limit = try Self.maxEvents(overrides, maxEvents) { generator.maxEvents = limit }
        var configuration = CampaignConfiguration.play(seed: overrides.seed ?? seed, histories: overrides.histories ?? histories)
        configuration.timeLimit = overrides.timeLimit ?? timeLimit
        configuration.shard = overrides.shard
        configuration.collectStatistics = overrides.statistics
        configuration.recordsObservations = overrides.observations != nil
        let campaign = Campaign(
            play: generator, policy: policy, skipping: skipping, configuration: configuration, subjectName: String(describing: subject),
            factory: factory(subject))
        return try run(
            campaign, overrides: overrides, failuresFolder: failuresFolder, testFilter: testFilter, checkCount: campaign.driver.checkIDs.count)
    }

    /// Builds a `subject` for each new customer.
    static func factory<S: PlaySubject>(_ subject: S.Type) -> PlaySubjectFactory<S> {
        { catalog, policy, context in try S(catalog: catalog, policy: policy, context: context) }
    }

    /// Replays the Google Play history file at `path` against `subject`, as the report's
    /// `Replay:` line does; a failure is the returned run's `failure`. A file that cannot be
    /// read, or is a history of another subject, is an error.
    public static func replay<S: PlaySubject>(
        _ subject: S.Type, file path: String, skipping: [PlayCheck] = [], testFilter: String? = nil
    ) throws(ConformanceError) -> PlayConformanceRun {
        let replayer = PlayCases(skipping: skipping, factory: factory(subject))
        return try replay(
            GooglePlayStore.self, named: String(describing: subject), file: path, checkCount: replayer.checkIDs.count, testFilter: testFilter
        ) { history, _ in replayer.replay(history) }
    }

    /// Replays the Google Play corpus case at `path` against `subject` and compares the outcome
    /// with the file's `expect`: nil when the case did what it expects, else what happened
    /// instead (with the report of an unexpected failure). A file without `expect` is an error.
    public static func corpusMismatch<S: PlaySubject>(
        _ subject: S.Type, file path: String, skipping: [PlayCheck] = [], testFilter: String? = nil
    ) throws(ConformanceError) -> String? {
        let expect: HistoryExpectation?
        do { expect = try HistoryFile.readPlay(path).expect } catch { throw ConformanceError("could not read a corpus case: \(error)") }
        guard let expect else {
            throw ConformanceError("\(path) has no \"expect\": a corpus case says whether it passes or which check fails where")
        }
        let run = try replay(subject, file: path, skipping: skipping, testFilter: testFilter)
        let failure = run.failure.map { (check: $0.failure.check.rawValue, eventIndex: $0.failure.eventIndex, report: run.report) }
        return corpusMismatch(path: path, subject: run.subject, expect: expect, failure: failure)
    }
}
