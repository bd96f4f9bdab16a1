import Foundation
import Generators
import PurchaseStateMachine

/// The entry point for checking a subject from code: runs a campaign with the environment's
/// overrides, saves each failure, and returns the result with its report.
public enum Conformance {
    /// Runs a campaign for `subject` on `catalog`.
    ///
    /// `histories` and `seed` are defaults that `PURCHASE_CONFORMANCE_HISTORIES`,
    /// `PURCHASE_CONFORMANCE_PROFILE` and `PURCHASE_CONFORMANCE_SEED` override. Failures are
    /// saved under `failuresFolder` (nil: not saved) and replayed first by the next run.
    public static func run<S: PurchaseSubject>(
        _ subject: S.Type, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConformanceError) -> ConformanceRun {
        try run(
            named: String(describing: subject), catalog: catalog, histories: histories, seed: seed, profile: profile,
            policy: policy, checks: checks, failuresFolder: failuresFolder, environment: environment,
            factory: { catalog, context in try S(catalog: catalog, context: context) })
    }

    /// Runs a campaign for subjects built by `factory`, named `name` in reports and files.
    public static func run<S: PurchaseSubject>(
        named name: String, catalog: Catalog, histories: Int = 1_000, seed: Seed = Seed(0x5eed_0001),
        profile: GenerationProfile = GenerationProfile(), policy: AppPolicy = AppPolicy(),
        checks: CheckSelection = CheckSelection(), failuresFolder: String? = FailureStore.defaultFolder,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        factory: @escaping SubjectFactory<S>
    ) throws(ConformanceError) -> ConformanceRun {
        let overrides = try ConformanceEnvironment(environment)
        let store = failuresFolder.map { FailureStore(folder: $0, subject: name) }
        var configuration = CampaignConfiguration(
            histories: overrides.histories ?? histories, seed: overrides.seed ?? seed, profile: profile, policy: policy,
            checks: checks)
        configuration.recordsObservations = overrides.observations != nil
        configuration.collectStatistics = true
        if let store {
            do {
                configuration.savedHistories = try store.load(catalog: catalog)
            } catch {
                throw ConformanceError("could not read saved failures: \(error)")
            }
        }
        var result = Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory).run()
        if let path = overrides.observations {
            try ObservationLog.append(ObservationLog(property: name, seed: configuration.seed.description).text(result), to: path)
        }
        result.coverage = nil  // counted for the health warnings; the statistics table is the tool's `--stats`
        if let store {
            for i in result.failures.indices where result.failures[i].replayedFrom == nil && !result.failures[i].flaky {
                do {
                    result.failures[i].savedPath = try store.save(result.failures[i].history)
                } catch {
                    throw ConformanceError("could not save a failure: \(error)")
                }
            }
        }
        return ConformanceRun(subject: name, result: result, checkCount: checks.allIDs.count)
    }
}

/// A finished conformance run: the campaign's result and its rendered report.
public struct ConformanceRun: Sendable {
    /// The subject's name.
    public var subject: String
    /// What the campaign found.
    public var result: CampaignResult
    /// How many checks ran.
    public var checkCount: Int

    /// Whether every check held.
    public var passed: Bool { result.passed }

    /// The report people read.
    public var report: String { result.rendered(subject: subject, checks: checkCount) }
}
