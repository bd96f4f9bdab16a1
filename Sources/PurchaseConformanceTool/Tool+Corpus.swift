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
            if HistoryFile.isPlay(path) { return try corpusAddPlay(path, folder: folder, args: args) }
            return try corpusAdd(path, folder: folder, args: args)
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
    private func corpusAdd(_ path: String, folder: String, args: CommandArguments) throws -> Int32 {
        var history = try HistoryFile.read(path)
        let recorded = history.expect
        var subjectName = history.origin?.subject ?? "reference"
        var confirmed = true
        let runnable: SubjectRunner?
        if args.values["subject"] != nil || args.values["exec"] != nil {
            runnable = try resolveSubject(args, command: "corpus")
        } else {
            runnable = subjects.first { $0.name == subjectName }
        }
        if let subject = runnable {
            subjectName = subject.name
            let result = subject.replay(history)
            let failure: (check: String, eventIndex: Int)?
            switch result.outcome {
            case .passed: failure = nil
            case .failed(let found): failure = (found.check.rawValue, found.eventIndex)
            case .rejected, .stopped:
                io.printError(Self.unrunnable(result.outcome, path: path))
                return 2
            }
            let rerun = "--subject NAME or --exec 'CMD'"
            guard let expect = confirmedExpectation(recorded, failure: failure, subject: subject.name, path: path, rerun: rerun) else { return 2 }
            history.expect = expect
        } else {
            guard let recorded else {
                io.printError(
                    "error: \(path) is a history of \(subjectName), which this tool cannot run, and it has no \"expect\" to keep; "
                        + "add cases of your own subjects from the failures your tests save")
                return 2
            }
            history.expect = recorded
            confirmed = false
        }
        var origin = history.origin ?? HistoryOrigin()
        origin.subject = subjectName
        history.origin = origin
        let name = FailureStore.slug(args.values["name"] ?? history.name ?? "case")
        history.name = name
        history.catalogFile = nil
        let destination = folder + "/" + name + ".json"
        try HistoryFile.write(history, to: destination)
        io.print("added \(destination): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(subjectName)")
        if !confirmed {
            io.print(
                "  kept as recorded: \(subjectName) is not built into this tool, so `swift test` confirms the case when it "
                    + "replays the corpus (Conformance.corpus and Conformance.expect)")
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
                if HistoryFile.isPlay(path) {
                    io.print(try corpusListPlay(path))
                    continue
                }
                let history = try HistoryFile.read(path)
                let name = String(path.split(separator: "/").last ?? Substring(path))
                io.print("\(name): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(history.origin?.subject ?? "reference")")
            } catch {
                io.printError("error: \(error)")
                status = 2
            }
        }
        if paths.isEmpty { io.print("(the corpus is empty)") }
        return status
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
