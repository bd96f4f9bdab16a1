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

    /// `check`'s campaign for a Google Play subject (saved failures replayed first, each new one
    /// saved), and how many checks it ran; `check` prints it as it prints an App Store one.
    func checkPlay(_ args: CommandArguments, _ runner: PlaySubjectRunner) throws -> (PlayCampaignResult, checks: Int) {
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
        let skipped = try playSkippedChecks(args)
        let seed = try seed(args)
        var configuration = CampaignConfiguration.play(seed: seed, histories: histories)
        try applyCampaignOptions(args, profile: named, to: &configuration)
        configuration.collectStatistics = args.flags.contains("stats")
        let setup = PlaySubjectSetup(generator: generator, policy: policy, skipping: skipped)
        var result = try campaign(runner, setup, configuration, args: args)
        if !result.savedPassed.isEmpty {
            io.printError("(\(countText(result.savedPassed.count, "saved failure")) of \(runner.name) replayed first: every check holds on them now)")
        }
        for i in result.failures.indices {
            // --all-failures: each failure was found with the checks reported before it off.
            let earlier = result.failures[..<i].map(\.check)
            result.failures[i].reproduce = runner.reproduce.adding(Self.skipArguments(PlayCheck.builtIn.filter { skipped.contains($0) || earlier.contains($0.id) }))
            result.failures[i].subjectOutput = runner.standardErrorTail()  // of the last history run: the minimal one, replayed
        }
        return (result, PlayCheck.builtIn.count - skipped.count)
    }
}
