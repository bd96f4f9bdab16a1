import Foundation
import Generators
import PurchaseStateMachine

/// The entry point for checking a subject from code: runs a campaign with the environment's
/// overrides, saves each failure, and returns the result with its report.
public enum Conformance {
    /// Runs a campaign for `subject` on `catalog`.
    ///
    /// `histories`, `seed`, `timeLimit` and `maxEvents` are defaults that the environment
    /// overrides (see `ConformanceEnvironment`). Failures are saved under `failuresFolder`
    /// (nil: not saved) and replayed first by the next run; a saved failure that passes
    /// `FailureStore.pruneAfterPasses` runs in a row is deleted, with a note in the report.
    /// With `PURCHASE_CONFORMANCE_REPLAY=FILE` set, the file is replayed instead of generating.
    public static func run<S: PurchaseSubject>(
        _ subject: S.Type, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        timeLimit: Duration? = nil, maxEvents: Int? = nil,
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        environment: [String: String] = ProcessInfo.processInfo.environment, testFilter: String? = nil
    ) throws(ConformanceError) -> ConformanceRun {
        try run(
            named: String(describing: subject), catalog: catalog, histories: histories, seed: seed, timeLimit: timeLimit,
            maxEvents: maxEvents, profile: profile, policy: policy, checks: checks, failuresFolder: failuresFolder,
            environment: environment, testFilter: testFilter,
            factory: { catalog, context in try S(catalog: catalog, context: context) })
    }

    /// Runs a campaign for subjects built by `factory`, named `name` in reports and files.
    ///
    /// `testFilter` is the `swift test --filter` that selects the calling test: reports print
    /// it in their `Replay:` line and saved files keep it in `origin.test`.
    public static func run<S: PurchaseSubject>(
        named name: String, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        timeLimit: Duration? = nil, maxEvents: Int? = nil,
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        environment: [String: String] = ProcessInfo.processInfo.environment, testFilter: String? = nil,
        factory: @escaping SubjectFactory<S>
    ) throws(ConformanceError) -> ConformanceRun {
        let overrides = try ConformanceEnvironment(environment)
        if let path = overrides.replay {
            return try replay(named: name, file: path, checks: checks, testFilter: testFilter, factory: factory)
        }
        var configuration = CampaignConfiguration(
            histories: overrides.histories ?? histories, seed: overrides.seed ?? seed, profile: profile, policy: policy,
            checks: checks)
        configuration.recordsObservations = overrides.observations != nil
        configuration.timeLimit = overrides.timeLimit ?? timeLimit
        if let limit = try Self.maxEvents(overrides, maxEvents) { configuration.profile.maxEvents = limit }
        configuration.collectStatistics = true  // counted for the health warnings; the table only when asked
        configuration.shard = overrides.shard
        let campaign = Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory)
        return try run(campaign, overrides: overrides, failuresFolder: failuresFolder, testFilter: testFilter, checkCount: checks.allIDs.count)
    }

    /// The events-per-history limit the environment or the caller sets, checked to be in 1…10,000.
    static func maxEvents(_ overrides: ConformanceEnvironment, _ maxEvents: Int?) throws(ConformanceError) -> Int? {
        guard let limit = overrides.maxEvents ?? maxEvents else { return nil }
        guard (1...10_000).contains(limit) else { throw ConformanceError("maxEvents \(limit) is not from 1 to 10000") }
        return limit
    }

    /// Runs `campaign` of either store for a test: against the failures folder (nil: none kept),
    /// its observations written where the environment says, with notes for a random seed and pruned files.
    static func run<D: CaseDriver>(
        _ campaign: Campaign<D>, overrides: ConformanceEnvironment, failuresFolder: String?, testFilter: String?, checkCount: Int
    ) throws(ConformanceError) -> StoreConformanceRun<D.St> {
        let name = campaign.subjectName
        let store = failuresFolder.map { FailureStore(folder: $0, subject: name) }
        var result: StoreCampaignResult<D.St>
        do {
            result = try store.map { store throws(FailureStoreError) in try campaign.run(store: store, originTest: testFilter) }
                ?? campaign.run()
        } catch {
            throw ConformanceError(error.description)
        }
        if !result.savedRefused.isEmpty {
            throw ConformanceError("the failures folder holds histories \(name) cannot run: " + result.savedRefused.joined(separator: "; "))
        }
        if let path = overrides.observations {
            try ObservationLog.append(ObservationLog(property: name, seed: campaign.configuration.seed.description).text(result), to: path)
        }
        if !overrides.statistics { result.coverage = nil }
        var notes: [String] = []
        if overrides.seedIsRandom {
            notes.append("Seed drawn at random: \(result.seed) (PURCHASE_CONFORMANCE_SEED=\(result.seed) runs the same histories)")
        }
        notes += result.pruned
        var run = StoreConformanceRun(subject: name, result: result, checkCount: checkCount)
        run.reproduce = .swiftTest(filter: testFilter)
        run.notes = notes
        return run
    }
}
