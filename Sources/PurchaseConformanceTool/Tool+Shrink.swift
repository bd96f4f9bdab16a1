import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `shrink`: makes a saved failing history shorter, keeping its failing check.
    func shrink(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("shrink needs one history FILE", command: "shrink")
        }
        return HistoryFile.isPlay(path) ? try shrink(GooglePlayStore.self, path, args) : try shrink(AppleAppStore.self, path, args)
    }

    /// `shrink` of a file of store `St`: the result is written beside it (or to `--out`).
    private func shrink<St: ToolStore>(_: St.Type, _ path: String, _ args: CommandArguments) throws -> Int32 {
        let (history, runner, checks) = try fileRun(St.self, path, args: args)
        let replayed = runner.replay(history, checks: checks)
        guard let original = replayed.failure else {
            if case .passed = replayed.outcome {
                io.printError("error: \(path) does not fail against \(runner.name); there is nothing to shrink")
            } else {
                io.printError(Self.unrunnable(replayed, path: path, subject: runner.name))
            }
            return 2
        }
        var report = St.shrunk(history, original: original, runner: runner, checks: checks, tool: self)
        report.history.name = history.name
        var origin = history.origin ?? HistoryOrigin(tool: ToolVersion.text)
        origin.subject = runner.name
        report.history.origin = origin
        report.history = St.writable(report.history)
        let out = args.values["out"] ?? (path.hasSuffix(".json") ? String(path.dropLast(5)) + ".shrunk.json" : path + ".shrunk.json")
        try HistoryFile.writeText(report.history.fileText, to: out)
        report.savedPath = out
        report.subjectOutput = runner.standardErrorTail()  // of the minimal history, replayed last
        io.print(report.rendered(reproduce: runner.reproduce))
        return 1
    }
}
