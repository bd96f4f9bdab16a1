import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// The `check` options a Google Play campaign takes; any other is refused rather than ignored.
    static let playCheckOptions = [
        "subject", "exec", "store", "timeout", "catalog", "consumables", "checks", "skip-checks", "profile", "histories", "max-events", "seed",
        "time-limit", "shard", "jobs", "all-failures", "json", "stats", "html", "observations", "failures", "no-save",
    ]

    /// `check` for a Google Play subject: saved failures replayed first, then a campaign; each
    /// shrunk failure saved and printed (with `--all-failures`, one per distinct check).
    func checkPlay(_ args: CommandArguments, _ runner: PlaySubjectRunner) throws -> Int32 {
        // In the order of check's options, so the first refused is the same whatever the command line's order.
        let given = CommandHelp.check.map(\.name).filter { args.values[$0] != nil || args.flags.contains($0) }
        if let option = given.first(where: { !Self.playCheckOptions.contains($0) }) {
            throw UsageError(
                "--\(option) is not supported for Google Play subjects yet (they take "
                    + Self.playCheckOptions.filter { !["subject", "exec", "store"].contains($0) }.map { "--\($0)" }.joined(separator: ", ") + ")",
                command: "check")
        }
        let named = try profile(args)
        let histories = try args.int("histories", default: named?.histories ?? 1_000)
        let (catalog, policy) = try playCatalog(args)
        var generator = PlayHistoryGenerator(catalog: catalog)
        generator.maxEvents = try args.int("max-events", default: named?.maxEvents ?? generator.maxEvents, range: 1...10_000)
        let folder = FailureStore(folder: args.values["failures"] ?? FailureStore.defaultFolder, subject: runner.name)
        let skipped = try playSkippedChecks(args)
        let json = args.flags.contains("json")
        let save = !args.flags.contains("no-save")
        let seed = try seed(args)
        let saved = save ? try replaySavedPlayFailures(in: folder, runner, skipping: skipped) : SavedReplay<PlayFailureReport>()
        if save { for message in try folder.prune(after: saved) { io.printError(message) } }
        if var replayed = saved.report {
            replayed.reproduce = runner.reproduce.adding(Self.skipArguments(skipped))
            replayed.subjectOutput = runner.standardErrorTail()
            let result = PlayCampaignResult(seed: seed, historiesRun: 0, eventsRun: 0, failure: nil)
            io.print(json ? result.json(subject: runner.name, savedReplayed: saved.replayed.count, failures: [replayed]).rendered() : replayed.text)
            return 1
        }
        let began = ContinuousClock.now
        var options = PlayCampaignOptions(policy: policy, skipping: skipped)
        if args.values["jobs"] != nil { options.threads = try args.int("jobs", default: 1, range: 1...256) }
        options.collectsCoverage = args.flags.contains("stats")
        options.recordsObservations = args.values["observations"] != nil
        if let text = args.values["shard"] {
            guard let shard = Shard(text) else { throw UsageError("--shard \(text) is not I/N with 1 ≤ I ≤ N", command: "check") }
            options.shard = shard
        }
        let progress = io.showsProgress ? ProgressLine(io: io) : nil
        if let progress { options.progressHandler = { progress.update($0) } }
        let limit: Duration? = try args.seconds("time-limit").map { .milliseconds(Int64($0 * 1000)) } ?? named?.timeLimit
        var found: [PlayFailureReport] = []
        var result: PlayCampaignResult
        repeat {
            // --all-failures: each reported check is switched off and the campaign runs again, so
            // the next one found is another check's (the histories before it pass either way).
            options.timeLimit = limit.map { $0 - (ContinuousClock.now - began) }
            result = runner.campaign(seed, histories, generator, options: options)
            guard var failure = result.failure else { break }
            if save, !failure.flaky { failure.savedPath = try folder.save(failure.history) }
            failure.reproduce = runner.reproduce.adding(Self.skipArguments(options.skipping))
            failure.subjectOutput = runner.standardErrorTail()  // of the last history run: the minimal one, replayed
            found.append(failure)
            options.skipping = PlayCheck.builtIn.filter { options.skipping.contains($0) || $0.id == failure.failure.check }
        } while args.flags.contains("all-failures") && found.last?.failure.check != .subjectResponds
        progress?.finish()
        defer {
            if args.values["exec"] != nil, found.contains(where: { $0.failure.check == .subjectResponds && $0.failure.eventIndex < 0 }) {
                io.printError(Self.otherStoreHint(play: true))
            }
        }
        if let path = args.values["observations"] {
            guard !path.isEmpty else { throw UsageError("--observations needs a file name", command: "check") }
            let log = ObservationLog(property: runner.name, seed: seed.description)
            try HistoryFile.writeText(log.lines(play: result, failures: found).map { $0 + "\n" }.joined(), to: path)
        }
        if let html = args.values["html"] {
            guard !html.isEmpty else { throw UsageError("--html needs a folder", command: "check") }
            let names = Self.uniqueNames(found.map { $0.history.name ?? $0.failure.check.rawValue })
            for (name, failure) in zip(names, found) {
                let page = TimelineHTML(Timeline(play: failure, subject: runner.name)).rendered
                try HistoryFile.writeText(page, to: html + "/" + name + ".html")
                io.printError("Timeline written to \(html)/\(name).html")
            }
        }
        if json {
            let wentOn = args.flags.contains("all-failures")
            io.print(result.json(subject: runner.name, savedReplayed: saved.replayed.count, failures: found, wentOn: wentOn).rendered())
        } else if !found.isEmpty {
            io.print(found.map(\.text).joined(separator: "\n\n"))
            if found.count > 1 || args.flags.contains("all-failures") {
                let checks = found.map(\.failure.check.rawValue).joined(separator: ", ")
                io.print("\n✘ \(runner.name): \(countText(found.count, "failing check")) (\(checks)) · seed \(seed)")
            }
        } else {
            io.print(result.heldLine(subject: runner.name, skipped: skipped.count, planned: histories, shard: options.shard))
            io.printError(String(format: "(%.2f s, %@ events)", (ContinuousClock.now - began).seconds, grouped(result.eventsRun)))
        }
        if !json, let coverage = result.coverage { io.print("\n" + coverage.rendered()) }
        return found.isEmpty ? 0 : 1
    }
}
