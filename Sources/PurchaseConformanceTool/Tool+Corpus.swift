import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// The regression corpus folder that `swift test` replays.
    static let corpusFolder = "Tests/RegressionCorpus/Cases"

    /// `corpus add FILE` / `corpus list`.
    func corpus(_ args: CommandArguments) throws -> Int32 {
        if args.positionals.isEmpty {
            io.print(CommandHelp.text(for: "corpus") ?? "")
            return 2
        }
        let folder = args.values["corpus"] ?? Self.corpusFolder
        switch args.positionals[0] {
        case "add":
            guard args.positionals.count == 2 else { throw UsageError("corpus add needs one FILE", command: "corpus") }
            let path = args.positionals[1]
            return HistoryFile.isPlay(path)
                ? try corpusAdd(GooglePlayStore.self, path, folder: folder, args: args) : try corpusAdd(AppleAppStore.self, path, folder: folder, args: args)
        case "list":
            return corpusList(folder)
        default:
            throw UsageError("corpus takes add or list, not \(args.positionals[0])", command: "corpus")
        }
    }

    /// Confirms a history where this tool can run its subject and writes it into the corpus
    /// with its `expect`, its subject and its test kept. A recorded failure that no longer
    /// fails is refused (exit 2): a failure is never written down as a passing case. A history
    /// of a subject this tool cannot run keeps the `expect` it recorded, and `swift test`
    /// confirms it when it replays the corpus.
    private func corpusAdd<St: ToolStore>(_: St.Type, _ path: String, folder: String, args: CommandArguments) throws -> Int32 {
        var history = try St.adjusted(St.readHistory(path), path: path, args: args, tool: self)
        let recorded = history.expect
        var subjectName = history.origin?.subject ?? St.referenceName
        let runnable = try St.namedRunner(args, tool: self) ?? St.builtIn(subjectName, tool: self)
        if let runner = runnable {
            subjectName = runner.name
            let result = runner.replay(history, checks: try St.checks(args, runner: runner, tool: self))
            switch result.outcome {
            case .passed, .failed: break
            case .rejected, .stopped:
                io.printError(Self.unrunnable(result, path: path, subject: runner.name))
                return 2
            }
            let failure = result.failure.map { (check: $0.check.rawValue, eventIndex: $0.eventIndex) }
            let rerun = "--subject NAME or \(St.execOption) 'CMD'"
            guard let expect = confirmedExpectation(recorded, failure: failure, subject: runner.name, path: path, rerun: rerun) else { return 2 }
            history.expect = expect
        } else if recorded == nil {
            io.printError(
                "error: \(path) is a history of \(subjectName), which this tool cannot run, and it has no \"expect\" to keep; "
                    + "give the subject (--subject NAME or \(St.execOption) 'CMD ARG…'), or add cases of your own Swift subjects "
                    + "from the failures your tests save")
            return 2
        }
        var origin = history.origin ?? HistoryOrigin()
        origin.subject = subjectName
        history.origin = origin
        let name = FailureStore.slug(args.values["name"] ?? history.name ?? "case")
        history.name = name
        let destination = folder + "/" + name + ".json"
        try HistoryFile.writeText(St.writable(history).fileText, to: destination)
        io.print("added \(destination): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(subjectName)\(St.label)")
        if runnable == nil {
            io.print(
                "  kept as recorded: \(subjectName) is not built into this tool, so `swift test` confirms the case when it "
                    + "replays the corpus (Conformance.corpus and Conformance.expect); or replay it with \(St.execOption) 'CMD'")
        }
        return 0
    }

    private func corpusList(_ folder: String) -> Int32 {
        guard let paths = HistoryFile.historyFiles(in: folder) else {
            io.printError("error: \(folder): no such folder")
            return 2
        }
        var status: Int32 = 0
        for path in paths {
            do {
                io.print(HistoryFile.isPlay(path) ? try corpusLine(GooglePlayStore.self, path) : try corpusLine(AppleAppStore.self, path))
            } catch {
                io.printError("error: \(error)")
                status = 2
            }
        }
        if paths.isEmpty { io.print("(the corpus is empty)") }
        return status
    }

    /// One line of `corpus list`: the case's file name, its `expect`, its length and its subject.
    private func corpusLine<St: ToolStore>(_: St.Type, _ path: String) throws -> String {
        let history = try St.readHistory(path)
        let name = String(path.split(separator: "/").last ?? Substring(path))
        return "\(name): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(history.origin?.subject ?? St.referenceName)\(St.label)"
    }

    /// The `expect` a case gets from its replay against `subject` (`failure` nil: every check held),
    /// or nil, after saying why, when a recorded failure no longer fails: a failure is never written
    /// down as a passing case. `rerun` says how to name the subject that failed.
    func confirmedExpectation(
        _ recorded: HistoryExpectation?, failure: (check: String, eventIndex: Int)?, subject: String, path: String, rerun: String
    ) -> HistoryExpectation? {
        guard let failure else {
            if case .fails(let check, let at)? = recorded {
                io.printError(
                    "error: \(path) recorded \(check) failing after event \(at + 1), but every check holds against \(subject) now; "
                        + "a failure is not added as a passing case (replay it against the subject that failed: \(rerun))")
                return nil
            }
            return .passes
        }
        let found = HistoryExpectation.fails(check: failure.check, atEvent: failure.eventIndex)
        if let recorded, recorded != found {
            io.printError("note: \(path) recorded \(describe(recorded)); against \(subject) it fails \(describe(found))")
        }
        return found
    }

    /// An `expect` in words: "passes", "CHECK after event N", or "no expectation".
    func describe(_ expect: HistoryExpectation?) -> String {
        switch expect {
        case .passes?: return "passes"
        case .fails(let check, let at)?: return "\(check) after event \(at + 1)"
        case nil: return "no expectation"
        }
    }
}
