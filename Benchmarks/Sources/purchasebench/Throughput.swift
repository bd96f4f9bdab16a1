import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Histories and events per second with the correct app: a campaign of `histories` histories
/// (at most 50 events each) on `jobs` threads, run `repeats` times in this process; the record
/// gives the best run (the least disturbed by other work on the machine) and the median.
func throughputRecord(histories: Int, jobs: Int, repeats: Int, seed: UInt64) -> String {
    BenchSuite.current.withApp { throughputRecord(app: $0, histories: histories, jobs: jobs, repeats: repeats, seed: seed) }
}

func throughputRecord<App: BenchSubject>(app: App.Type, histories: Int, jobs: Int, repeats: Int, seed: UInt64) -> String {
    var configuration = CampaignConfiguration(histories: histories, seed: Seed(seed), profile: BenchSuite.current.profile)
    configuration.parallelism = jobs
    configuration.checks = Bench.checks
    let campaign = Campaign(
        catalog: PurchaseBench.catalog, configuration: configuration, subjectName: "correct",
        factory: { _, _ in App(benchMutant: nil) })
    let clock = ContinuousClock()
    var runs: [(seconds: Double, histories: Int, events: Int, failed: Bool, cpu: Double)] = []
    for _ in 0..<max(1, repeats) {
        let cpuBefore = processCPUSeconds()
        let started = clock.now
        let result = campaign.run()
        let elapsed = seconds(clock.now - started)
        let cpu = processCPUSeconds() - cpuBefore
        runs.append((elapsed, result.historiesRun, result.eventsRun, !result.failures.isEmpty, cpu))
    }
    let rates = runs.map { Double($0.events) / $0.seconds }.sorted()
    let median = rates.count % 2 == 1 ? rates[rates.count / 2] : (rates[rates.count / 2 - 1] + rates[rates.count / 2]) / 2
    let best = runs.max { Double($0.events) / $0.seconds < Double($1.events) / $1.seconds }!
    return JSONLine.object([
        ("tool", .string(Tool.name)), ("tool_version", .string(Tool.version)), ("bench", .int(BenchSuite.current.rawValue)),
        ("mutant", .string("none")),
        ("seed", .int(Int(seed))), ("max_examples", .int(histories)), ("histories", .int(best.histories)),
        ("steps", .int(best.events)), ("seconds", .double(best.seconds)),
        ("histories_per_second", .double(Double(best.histories) / best.seconds)),
        ("steps_per_second", .double(Double(best.events) / best.seconds)),
        ("mean_history_length", .double(Double(best.events) / Double(max(best.histories, 1)))),
        ("failed", .bool(runs.contains { $0.failed })),
        ("jobs", .int(jobs)), ("repeats", .int(runs.count)), ("statistic", .string("best of repeats")),
        ("median_steps_per_second", .double(median)),
        ("all_steps_per_second", .array(runs.map { .double(Double($0.events) / $0.seconds) })),
        // CPU seconds of this process per wall second in the best run: about `jobs` when the
        // machine left it that many cores, less when other work took them.
        ("cpu_utilisation", .double(best.cpu / best.seconds)),
        ("checks", .string("bench")),
    ]).text
}

/// User plus system CPU time of this process so far, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(usage.ru_utime) + s(usage.ru_stime)
}
