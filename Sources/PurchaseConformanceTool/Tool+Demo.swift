import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `demo`: checks the five seed systems from scratch and prints, per system, each distinct
    /// failing check with its minimal history and the histories and seconds it took to find; then
    /// each corrected twin, then the other built-in subjects briefly.
    ///
    /// Budgets are per subject, so the whole demo stays under half a minute in a debug build on
    /// two cores, even with one of them busy: `--histories` and `--time-limit` for each seed
    /// system (every distinct failing check is searched for), `--twin-histories` for each twin,
    /// and `--others` histories (first failure only) for the other subjects. Each campaign runs
    /// on one thread, as many at once as there are cores.
    func demo(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.isEmpty else {
            throw UsageError("demo takes no positional arguments (got \(args.positionals.joined(separator: " ")))", command: "demo")
        }
        let budget = DemoBudget(
            histories: try args.int("histories", default: 2_500),
            timeLimit: try args.seconds("time-limit") ?? 6,
            twinHistories: try args.int("twin-histories", default: 300),
            others: try args.int("others", default: 150, range: 0...CommandArguments.maximumCount),
            seed: try seed(args))
        let systems = subjects.filter { $0.name.hasPrefix("seed-") && !$0.name.hasSuffix("-fixed") }
        let only = args.list("subjects")
        if let only, let unknown = only.first(where: { name in !systems.contains { $0.name == name } }) {
            throw UsageError("--subjects: no seed system \(unknown) (\(systems.map(\.name).joined(separator: ", ")))", command: "demo")
        }
        let chosen = systems.filter { only?.contains($0.name) ?? true }
        let twins = chosen.map { system in subjects.first { $0.name == system.name + "-fixed" } }
        let others = only == nil && budget.others > 0 ? subjects.filter { !$0.name.hasPrefix("seed-") } : []
        io.print(
            "purchase-conformance demo: the seed systems as published, each distinct failing check found from scratch "
                + "(seed \(budget.seed); up to \(grouped(budget.histories)) histories or "
                + String(format: "%.1f s", budget.timeLimit) + " per system, one core each)")
        let began = ContinuousClock.now
        // Every campaign runs on one thread, as many at once as there are cores (shrinking, most
        // of the work, is sequential); results are printed in order as they come in.
        var jobs: [@Sendable () -> DemoRun] = chosen.map { system in { DemoRun.all(system, budget: budget) } }
        jobs += twins.map { twin in { twin.map { DemoRun.twin($0, budget: budget) } ?? DemoRun.none } }
        jobs += others.map { subject in { DemoRun.brief(subject, budget: budget) } }
        let results = DemoJobs(jobs, threads: CampaignConfiguration.availableCores)
        var unexpected = 0
        for (i, system) in chosen.enumerated() {
            io.print("")
            let found = results.wait(i)
            io.print("\(system.name) — \(system.summary)")
            if found.result.failures.isEmpty {
                io.print("  no failure in \(grouped(found.result.historiesRun)) histories")
                unexpected += 1
            } else {
                printTable(found)
            }
            io.print("  " + DemoRun.stop(found.result))
            guard let twin = twins[i] else { continue }
            let fixed = results.wait(chosen.count + i).result
            if let failure = fixed.failures.first {
                unexpected += 1
                io.print("  ✘ \(twin.name): \(failure.check): \(failure.history.events.map(\.compact).joined(separator: ", "))")
            } else {
                io.print(
                    "  ✔ \(twin.name): all \(twin.checks.allIDs.count) checks held over \(grouped(fixed.historiesRun)) histories"
                        + String(format: " (%.1f s)", fixed.elapsed.seconds))
            }
        }
        if !others.isEmpty {
            io.print("")
            io.print("The other built-in subjects (\(grouped(budget.others)) histories each, first failure only):")
            for (i, subject) in others.enumerated() {
                let result = results.wait(2 * chosen.count + i).result
                let correct = subject.name == "reference" || subject.name.hasSuffix("-correct")
                if let failure = result.failures.first {
                    if correct { unexpected += 1 }
                    let events = failure.history.events.map(\.compact).joined(separator: ", ")
                    io.print("  ✘ \(subject.name): \(failure.check): \(events)")
                } else {
                    if !correct { unexpected += 1 }
                    io.print("  ✔ \(subject.name): all checks held over \(grouped(result.historiesRun)) histories")
                }
            }
        }
        if only == nil, budget.others > 0 {
            let play = demoPlay(seed: budget.seed, histories: 2 * budget.others)
            for line in play.lines { io.print(line) }
            unexpected += play.unexpected
        }
        io.print("")
        if !chosen.isEmpty {
            io.print("Longer campaigns find more: docs/seed-systems.md has every distinct failing check of 100,000-history runs.")
        }
        let count = chosen.count + twins.compactMap { $0 }.count + others.count + (only == nil && budget.others > 0 ? PlayBuiltInSubjects.all.count : 0)
        io.print(String(format: "%d subjects in %.1f s", count, (ContinuousClock.now - began).seconds))
        return unexpected == 0 ? 0 : 1
    }

    /// Prints one system's table: check, minimal history, histories and seconds to find it.
    private func printTable(_ run: DemoRun) {
        let rows = run.result.failures.enumerated().map { i, failure in
            (
                check: failure.check.rawValue + (failure.flaky ? " (flaky)" : ""),
                history: failure.history.events.map(\.compact).joined(separator: ", "),
                histories: grouped(failure.foundAfterHistories ?? 0),
                seconds: String(format: "%.2f", run.secondsToFind(i))
            )
        }
        let header = (check: "failing check", history: "minimal history", histories: "histories", seconds: "seconds")
        let checkWidth = max(header.check.count, rows.map(\.check.count).max() ?? 0)
        let historyWidth = max(header.history.count, rows.map(\.history.count).max() ?? 0)
        let historiesWidth = max(header.histories.count, rows.map(\.histories.count).max() ?? 0)
        for row in [header] + rows {
            let check = row.check.padding(toLength: checkWidth, withPad: " ", startingAt: 0)
            let history = row.history.padding(toLength: historyWidth, withPad: " ", startingAt: 0)
            let histories = String(repeating: " ", count: historiesWidth - row.histories.count) + row.histories
            let seconds = String(repeating: " ", count: max(0, header.seconds.count - row.seconds.count)) + row.seconds
            io.print("  \(check)  \(history)  \(histories)  \(seconds)")
        }
    }
}

/// The demo's budgets.
struct DemoBudget {
    /// Histories per seed system.
    var histories: Int
    /// Seconds per seed system.
    var timeLimit: Double
    /// Histories per corrected twin.
    var twinHistories: Int
    /// Histories per other built-in subject.
    var others: Int
    /// The seed of every campaign.
    var seed: Seed
}

/// One demo campaign and when each of its failures was found.
struct DemoRun {
    let result: CampaignResult
    /// Seconds from the start to the moment each failure was found (before shrinking it).
    let found: [Double]

    /// The seconds to find failure `index`.
    func secondsToFind(_ index: Int) -> Double { index < found.count ? found[index] : result.elapsed.seconds }

    /// No campaign.
    static let none = DemoRun(result: CampaignResult(
        seed: Seed(0), historiesRun: 0, eventsRun: 0, failures: [], stopReason: .completed), found: [])

    /// A campaign of `subject` on one thread with the budget's seed.
    static func configuration(_ subject: SubjectRunner, histories: Int, budget: DemoBudget) -> CampaignConfiguration {
        CampaignConfiguration(
            histories: histories, seed: budget.seed, profile: subject.profile, policy: subject.policy, checks: subject.checks,
            parallelism: 1)
    }

    /// Every distinct failing check of `subject` within the budget.
    static func all(_ subject: SubjectRunner, budget: DemoBudget) -> DemoRun {
        var configuration = configuration(subject, histories: budget.histories, budget: budget)
        configuration.findAllFailures = true
        configuration.timeLimit = .milliseconds(Int64(budget.timeLimit * 1000))
        let moments = Moments()
        configuration.progressHandler = { progress in
            if progress.phase == .shrinking { moments.append(progress.elapsed.seconds) }
        }
        let result = subject.run(configuration: configuration)
        return DemoRun(result: result, found: moments.values)
    }

    /// A corrected twin, to its first failure if it has one.
    static func twin(_ subject: SubjectRunner, budget: DemoBudget) -> DemoRun {
        var configuration = configuration(subject, histories: budget.twinHistories, budget: budget)
        configuration.timeLimit = .milliseconds(Int64(budget.timeLimit * 1000))
        return DemoRun(result: subject.run(configuration: configuration), found: [])
    }

    /// Another built-in subject, to its first failure.
    static func brief(_ subject: SubjectRunner, budget: DemoBudget) -> DemoRun {
        DemoRun(result: subject.run(configuration: configuration(subject, histories: budget.others, budget: budget)), found: [])
    }

    /// How the search ended, with its size.
    static func stop(_ result: CampaignResult) -> String {
        "(searched \(grouped(result.historiesRun)) histories in " + String(format: "%.1f s", result.elapsed.seconds)
            + "; \(result.stopReason))"
    }
}

/// Campaigns run on a few threads, their results waited for one by one in order.
final class DemoJobs: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [DemoRun?]
    private var next = 0

    /// Starts `jobs` on `threads` background threads, in order.
    init(_ jobs: [@Sendable () -> DemoRun], threads: Int) {
        results = Array(repeating: nil, count: jobs.count)
        for _ in 0..<max(1, min(threads, jobs.count)) {
            Thread.detachNewThread { [self] in
                while true {
                    condition.lock()
                    let index = next
                    next += 1
                    condition.unlock()
                    guard index < jobs.count else { return }
                    let result = jobs[index]()
                    condition.lock()
                    results[index] = result
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
    }

    /// The result of job `index`, once it has finished.
    func wait(_ index: Int) -> DemoRun {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        return results[index] ?? DemoRun.none
    }
}

/// Moments recorded from the progress handler, which may run on another thread.
final class Moments: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []

    func append(_ value: Double) {
        lock.lock()
        list.append(value)
        lock.unlock()
    }

    var values: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
