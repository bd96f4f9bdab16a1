import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `shrink`: makes a saved failing history shorter, keeping its failing check.
    func shrink(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("shrink needs one history FILE", command: "shrink")
        }
        if HistoryFile.isPlay(path) { return try shrinkPlay(path, args) }
        var history = try HistoryFile.read(path)
        let subject = args.values["subject"] != nil || args.values["exec"] != nil
            ? try resolveSubject(args, command: "shrink") : try defaultSubject(for: history, path: path)
        let checks = try checkSelection(args, subject: subject)
        if let catalog = try catalogOption(args) { history.catalog = catalog }
        guard let original = subject.replay(history, checks: checks).outcome.failure else {
            io.printError("error: \(path) does not fail against \(subject.name); there is nothing to shrink")
            return 2
        }
        var configuration = CampaignConfiguration(profile: subject.profile, policy: history.policy, checks: checks)
        configuration.profile.maxEvents = max(configuration.profile.maxEvents, history.events.count)
        var report: FailureReport
        if let shrunk = subject.shrink(history, configuration: configuration), shrunk.check == original.check {
            report = shrunk
        } else {
            if let problem = subject.encodingProblem(history, profile: configuration.profile) {
                io.printError("note: shrinking event by event (\(problem))")
            }
            var shrinker = EventListShrinker(check: original.check) { subject.replay($0, checks: checks) }
            let (minimal, failure, trace) = shrinker.shrink(history)
            report = FailureReport.shrunkByEvents(
                failure, original: original, minimal: minimal, originalLength: history.events.count,
                evaluations: shrinker.evaluations, trace: trace)
        }
        report.history.name = history.name
        report.history.origin = history.origin ?? HistoryOrigin(tool: ToolVersion.text, subject: subject.name)
        report.history.catalogFile = nil
        let out = args.values["out"] ?? (path.hasSuffix(".json") ? String(path.dropLast(5)) + ".shrunk.json" : path + ".shrunk.json")
        try HistoryFile.write(report.history, to: out)
        report.savedPath = out
        report.subjectOutput = subject.standardErrorTail()
        io.print(report.rendered(reproduce: subject.reproduce))
        return 1
    }
}
