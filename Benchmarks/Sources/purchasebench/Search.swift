import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine

/// The harness's name and version in every record.
enum Tool {
    static let name = "purchase-conformance"
    static let version = ToolVersion.text.split(separator: " ").last.map(String.init) ?? ToolVersion.text
}

/// When the campaign first reported that it started shrinking (the first failure was found).
enum SearchClock {
    nonisolated(unsafe) static var firstFailure: ContinuousClock.Instant?
}

/// One search of the current PurchaseBench: our campaign on the bench store, the bench's four
/// checks, one thread, a budget of `budget` histories of at most 50 events; one JSON line in the
/// peers' shape.
func searchRecord(mutant name: String, seed: UInt64, budget: Int) -> String {
    BenchSuite.current.withApp { searchRecord(app: $0, mutant: name, seed: seed, budget: budget) }
}

func searchRecord<App: BenchSubject>(app: App.Type, mutant name: String, seed: UInt64, budget: Int) -> String {
    let suite = BenchSuite.current
    var configuration = CampaignConfiguration(histories: budget, seed: Seed(seed), profile: suite.profile)
    configuration.parallelism = 1
    configuration.checks = Bench.checks
    let clock = ContinuousClock()
    configuration.progressHandler = { progress in
        if progress.phase == .shrinking, SearchClock.firstFailure == nil { SearchClock.firstFailure = clock.now }
    }
    let campaign = Campaign(
        catalog: PurchaseBench.catalog, configuration: configuration, subjectName: name,
        factory: Counted<App>.factory(name))
    ExecutionCounts.histories = 0
    ExecutionCounts.events = 0
    SearchClock.firstFailure = nil
    let started = clock.now
    let result = campaign.run()
    let ended = clock.now
    let report = result.failures.first
    let found = report != nil
    let shrunk = report.map { Bench.spell($0.history.events) }
    let firstFailure = SearchClock.firstFailure ?? ended
    var pairs: [(String, JSONLine)] = [
        ("tool", .string(Tool.name)),
        ("tool_version", .string(Tool.version)),
        ("bench", .int(suite.rawValue)),
        ("budget", .int(budget)),
        ("mutant", .string(name)),
        ("seed", .int(Int(seed))),
        ("found", .bool(found)),
        ("histories_to_failure", .optional(report?.foundAfterHistories)),
        ("seconds_to_failure", found ? .double(seconds(firstFailure - started)) : .null),
        ("shrunk_length", .optional(shrunk?.count)),
        ("shrunk_history", .strings(shrunk)),
        ("ideal", .bool(shrunk.map { Bench.isIdeal(name, $0) } ?? false)),
        ("shrink_seconds", found ? .double(seconds(ended - firstFailure)) : .null),
        ("total_seconds", .double(seconds(ended - started))),
        // extras, as the peers have them
        ("first_failure_length", .optional(report?.originalLength)),
        ("failed_checks", .strings(report.map { Bench.names($0.failure) })),
        ("histories_total", .int(ExecutionCounts.histories)),
        ("shrink_executions", .optional(report?.shrinkEvaluations)),
        ("steps_total", .int(ExecutionCounts.events)),
        // ours only
        ("histories_run", .int(result.historiesRun)),
        ("events_run", .int(result.eventsRun)),
    ]
    if let report {
        pairs += [
            ("shrunk_history_ours", .strings(report.history.events.map(\.compact))),
            ("check", .string(report.check.rawValue)),
            ("shrink_starts", .int(report.shrinkStarts)),
            ("shrink_stop", .string(report.shrinkStop.description)),
            ("flaky", .bool(report.flaky)),
            ("campaign_shrink_seconds", .double(seconds(result.shrinkTime))),
        ]
    }
    if found {
        // Diagnostic: the same search again in this (now warm) process. The recorded figure is the
        // cold one above; the difference is one-time start-up work (type metadata, lazy globals).
        SearchClock.firstFailure = nil
        let again = clock.now
        _ = campaign.run()
        pairs.append(("warm_seconds_to_failure", SearchClock.firstFailure.map { .double(seconds($0 - again)) } ?? .null))
    }
    pairs += [("parallelism", .int(1)), ("checks", .string("bench"))]
    return JSONLine.object(pairs).text
}
