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
        let name = String(describing: subject)
        let factory: PlaySubjectFactory<S> = { catalog, policy, context in try S(catalog: catalog, policy: policy, context: context) }
        let reproduce = ReproduceCommand.swiftTest(filter: testFilter)
        let overrides = try ConformanceEnvironment(environment)
        let seed = overrides.seed ?? seed
        if let path = overrides.replay {
            return try replayPlay(named: name, file: path, replayer: PlayReplayer(factory: factory, skipping: skipping), reproduce: reproduce)
        }
        let folder = failuresFolder.map { FailureStore(folder: $0, subject: name) }
        var notes: [String] = []
        if overrides.seedIsRandom { notes.append("Seed drawn at random: \(seed) (PURCHASE_CONFORMANCE_SEED=\(seed) runs the same histories)") }
        var generator = PlayHistoryGenerator(catalog: catalog)
        if let limit = overrides.maxEvents ?? maxEvents {
            guard (1...10_000).contains(limit) else { throw ConformanceError("maxEvents \(limit) is not from 1 to 10000") }
            generator.maxEvents = limit
        }
        var configuration = CampaignConfiguration.play(
            seed: seed, histories: overrides.histories ?? histories, threads: CampaignConfiguration.availableCores)
        configuration.timeLimit = overrides.timeLimit ?? timeLimit
        configuration.shard = overrides.shard
        configuration.collectStatistics = overrides.statistics
        configuration.recordsObservations = overrides.observations != nil
        let campaign = Campaign(
            play: generator, policy: policy, skipping: skipping, configuration: configuration, subjectName: name, factory: factory)
        var result: PlayCampaignResult
        do {
            result = try folder.map { folder throws(FailureStoreError) in try campaign.run(store: folder, originTest: testFilter) } ?? campaign.run()
        } catch {
            throw ConformanceError("the failures folder: \(error)")
        }
        notes += result.pruned
        if result.savedReplayed > 0, result.failure?.replayedFrom == nil {
            notes.append("\(countText(result.savedReplayed, "saved failure")) of \(name) replayed first: every check holds on them now")
        }
        for i in result.failures.indices { result.failures[i].reproduce = reproduce }
        let failure = result.failure
        if let path = overrides.observations {
            let log = ObservationLog(property: name, seed: seed.description)
            try ObservationLog.append(log.lines(play: result, failures: failure.map { [$0] } ?? []).map { $0 + "\n" }.joined(), to: path)
        }
        var run = PlayConformanceRun(subject: name, result: result, failure: failure)
        run.notes = notes
        run.skipped = skipping
        return run
    }

    /// Replays the Google Play history at `path` against `replayer`'s subject, named `name`; a
    /// file of another subject, or one that cannot be read or run, is an error.
    static func replayPlay<S: PlaySubject>(
        named name: String, file path: String, replayer: PlayReplayer<S>, reproduce: ReproduceCommand
    ) throws(ConformanceError) -> PlayConformanceRun {
        let history = try historyToReplay(GooglePlayStore.self, path: path, subject: name)
        let replay = replayer.run(history)
        if let rejection = replay.rejection { throw ConformanceError("could not replay: \(rejection.inFile(path)) (against \(name))") }
        var failure = replay.failure.map { PlayFailureReport.replayed($0, history: history, trace: replay.trace, path: path) }
        failure?.reproduce = reproduce
        let note = failure == nil
            ? heldNote(path: path, subject: name, events: history.events.count, expect: history.expect) : "Replayed \(path) against \(name)"
        let seed = Seed(hex: history.origin?.seed ?? "") ?? Seed(0)
        var run = PlayConformanceRun(subject: name, result: PlayCampaignResult(seed: seed, historiesRun: 0, eventsRun: 0, failures: [], stopReason: .completed), failure: failure)
        run.notes = [note]
        return run
    }
}

extension Conformance {
    /// Replays the Google Play history file at `path` against `subject`, as the report's
    /// `Replay:` line does; a failure is the returned run's `failure`. A file that cannot be
    /// read, or is a history of another subject, is an error.
    public static func replay<S: PlaySubject>(
        _ subject: S.Type, file path: String, skipping: [PlayCheck] = [], testFilter: String? = nil
    ) throws(ConformanceError) -> PlayConformanceRun {
        let factory: PlaySubjectFactory<S> = { catalog, policy, context in try S(catalog: catalog, policy: policy, context: context) }
        return try replayPlay(
            named: String(describing: subject), file: path, replayer: PlayReplayer(factory: factory, skipping: skipping),
            reproduce: .swiftTest(filter: testFilter))
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
        let failure = run.failure.map { (check: $0.failure.check.rawValue, eventIndex: $0.failure.eventIndex, report: $0.text) }
        return corpusMismatch(path: path, subject: run.subject, expect: expect, failure: failure)
    }
}
