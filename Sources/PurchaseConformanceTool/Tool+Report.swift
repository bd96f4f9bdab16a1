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
        return HistoryFile.isPlay(path) ? try report(GooglePlayStore.self, path, args) : try report(AppleAppStore.self, path, args)
    }

    /// `report` of a file of store `St`.
    private func report<St: ToolStore>(_: St.Type, _ path: String, _ args: CommandArguments) throws -> Int32 {
        let (history, runner, checks) = try fileRun(St.self, path, args: args)
        let result = runner.replay(history, checks: checks)
        let text: String
        switch result.outcome {
        case .rejected, .stopped:
            io.printError(Self.unrunnable(result, path: path, subject: runner.name))
            return 2
        case .passed:
            text = "✔ every check held after \(countText(history.events.count, "event")) of \(path) against \(runner.name)"
        case .failed(let failure):
            var report = StoreFailureReport<St>.replayed(failure, history: history, trace: result.trace, path: path)
            report.subjectOutput = runner.standardErrorTail()
            text = report.rendered(reproduce: runner.reproduce)
        }
        io.print(text)
        if let out = args.values["html"] {
            try HistoryFile.writeText(TimelineHTML(St.timeline(result, subject: runner.name, report: text)).rendered, to: out)
            io.printError("Timeline written to \(out)")
        }
        return result.failure == nil ? 0 : 1
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
