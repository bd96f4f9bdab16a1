import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `report`: replays one history file and prints its report; `--html OUT` also writes the
    /// timeline page.
    func report(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("report needs one history FILE", command: "report")
        }
        if args.values["html"]?.isEmpty == true { throw UsageError("--html needs a file name", command: "report") }
        if HistoryFile.isPlay(path) { return try reportPlay(path, args) }
        let history = try HistoryFile.read(path)
        let explicit = args.values["subject"] != nil || args.values["exec"] != nil ? try resolveSubject(args, command: "report") : nil
        let subject = try explicit ?? defaultSubject(for: history, path: path)
        let catalog = try catalogOption(args)
        var checks = subject.checks
        if args.values["checks"] != nil || args.values["skip-checks"] != nil { checks = try checkSelection(args, subject: subject) }
        let result = subject.replay(history, catalog: catalog, checks: checks)
        let timeline: Timeline
        let status: Int32
        switch result.outcome {
        case .rejected, .stopped:
            io.printError(Self.unrunnable(result.outcome, path: path))
            return 2
        case .passed:
            let trace = result.trace
            let text = "✔ every check held after \(history.events.count) event\(history.events.count == 1 ? "" : "s") of \(path) against \(subject.name)"
            io.print(text)
            timeline = Timeline(history: history, catalog: catalog, failure: nil, trace: trace, subject: subject.name, report: text)
            status = 0
        case .failed(let failure):
            let trace = result.trace
            var report = FailureReport.replayed(failure, history: history, trace: trace, path: path)
            report.subjectOutput = subject.standardErrorTail()
            let text = report.rendered(reproduce: subject.reproduce)
            io.print(text)
            timeline = Timeline(history: history, catalog: catalog, failure: failure, trace: trace, subject: subject.name, report: text)
            status = 1
        }
        if let out = args.values["html"] {
            try HistoryFile.writeText(TimelineHTML(timeline).rendered, to: out)
            io.printError("Timeline written to \(out)")
        }
        return status
    }
}

extension PurchaseConformanceTool {
    /// Writes what `check --html DIR` and `--observations FILE` ask for.
    func writeArtifacts<St: Store>(_ result: StoreCampaignResult<St>, subject: String, args: CommandArguments) throws {
        if let folder = args.values["html"] {
            guard !folder.isEmpty else { throw UsageError("--html needs a folder", command: args.command) }
            for (name, report) in Self.timelineNames(result.failures) {
                let path = folder + "/" + name + ".html"
                try HistoryFile.writeText(report.timelineHTML(subject: subject), to: path)
                io.printError("Timeline written to \(path)")
            }
        }
        if let path = args.values["observations"] {
            guard !path.isEmpty else { throw UsageError("--observations needs a file name", command: args.command) }
            try HistoryFile.writeText(ObservationLog(property: subject, seed: result.seed.description).text(result), to: path)
        }
    }

    /// A file name per failure: its saved file's name, else its check, made unique by a number.
    static func timelineNames<St: Store>(_ failures: [StoreFailureReport<St>]) -> [(String, StoreFailureReport<St>)] {
        Array(zip(uniqueNames(failures.map(\.artifactName)), failures))
    }

    /// `bases` in order, a later repeat of a name made unique by a number (`NAME-2`, `NAME-3`, …).
    static func uniqueNames(_ bases: [String]) -> [String] {
        var used: [String] = []
        return bases.map { base in
            var name = base
            var n = 2
            while used.contains(name) {
                name = "\(base)-\(n)"
                n += 1
            }
            used.append(name)
            return name
        }
    }
}
