import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `replay`: one history file, or every history in a folder and its subfolders, against a subject.
    func replay(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.count == 1, let target = args.positionals.first else {
            throw UsageError("replay needs one FILE or DIR", command: "replay")
        }
        let paths = HistoryFile.historyFiles(under: target) ?? [target]
        if paths.isEmpty { throw UsageError("\(target) holds no .json history files (nor do its subfolders)", command: "replay") }
        // Each store's files run against its own subjects; the subject the options name is
        // resolved once per store (one program started, not one per file), when files of it are there.
        let play = paths.map(HistoryFile.isPlay)
        let appStore = play.contains(false) ? Result { try AppleAppStore.namedRunner(args, tool: self) } : .success(nil)
        let googlePlay = play.contains(true) ? Result { try GooglePlayStore.namedRunner(args, tool: self) } : .success(nil)
        var outcome = ReplayTally()
        for (path, isPlay) in zip(paths, play) {
            do {
                let replayed = isPlay
                    ? try replayFile(path, args: args, runner: googlePlay.get()) : try replayFile(path, args: args, runner: appStore.get())
                outcome.add(replayed)
            } catch {
                if paths == [target] { throw error }  // one file: a usage error says which --help to read
                io.printError("error: \(error)")
                outcome.badInput = true
            }
        }
        if outcome.badInput { return 2 }
        if args.flags.contains("expect") { return outcome.allMet ? 0 : 1 }
        return outcome.anyFailed ? 1 : 0
    }

    /// What a folder's replays came to.
    private struct ReplayTally {
        var anyFailed = false
        var allMet = true
        var badInput = false

        mutating func add(_ replayed: (failed: Bool, met: Bool)?) {
            guard let replayed else { return badInput = true }
            if replayed.failed { anyFailed = true }
            if !replayed.met { allMet = false }
        }
    }

    /// One history file replayed for `replay`: prints its outcome (a failure's report, or with
    /// `--json` one JSON object) and says whether a check failed and whether the file's `expect`
    /// was met; nil, after saying why, when an event of it could not run against its subject.
    func replayFile<St: ToolStore>(_ path: String, args: CommandArguments, runner named: StoreSubjectRunner<St>?) throws -> (failed: Bool, met: Bool)? {
        let (history, runner, checks) = try fileRun(St.self, path, args: args, runner: named)
        let result = runner.replay(history, checks: checks)
        let json = args.flags.contains("json")
        if json {
            io.print(replayJSON(result, path: path, subject: runner.name).rendered())
        } else if args.flags.contains("trace") {
            let steps: [St.TraceStep]
            switch result.outcome {
            case .passed, .failed: steps = result.trace
            case .rejected, .stopped: steps = []
            }
            io.print((["Trace of \(path):"] + St.traceLines(steps)).joined(separator: "\n"))
        }
        let expectation = history.expect == nil ? "" : result.meetsExpectation ? " (as the file expects)" : " (NOT what the file expects)"
        switch result.outcome {
        case .passed:
            if !json { io.print("✔ \(path): every check held after \(countText(history.events.count, "event")) against \(runner.name)\(expectation)") }
        case .failed(let failure):
            if !json {
                var report = StoreFailureReport<St>.replayed(failure, history: history, trace: result.trace, path: path)
                report.subjectOutput = runner.standardErrorTail()
                io.print(report.rendered(reproduce: runner.reproduce))
                io.print("  Subject: \(runner.name)\(expectation)")
            }
        case .rejected, .stopped:
            io.printError(Self.unrunnable(result, path: path, subject: runner.name))
            return nil
        }
        if !json { io.print("") }
        return (result.failure != nil, result.meetsExpectation)
    }

    /// The subject a saved App Store history names in its origin, when this tool can run it; the
    /// reference subject for a history that names none. A history of a subject this tool
    /// cannot run (a Swift type in the user's tests, a program given with `--exec`) is a usage
    /// error that says how to replay it: another subject is never put in its place.
    func defaultSubject(for history: History, path: String = "FILE") throws(UsageError) -> SubjectRunner {
        guard let name = history.origin?.subject else { return try subject(named: "reference", command: "replay") }
        if let subject = subjects.first(where: { $0.name == name }) { return subject }
        let file = ReproduceCommand.shellQuoted(path)
        if name.hasPrefix("exec-") {
            throw UsageError(
                "\(path) is a history of \(name), a program in another process that this file does not say how to start; "
                    + "replay it with the command that was checked: purchase-conformance replay \(file) --exec 'CMD ARG…'")
        }
        let test = ReproduceCommand.swiftTest(filter: history.origin?.test ?? "YOUR_TEST").line(for: path)
        throw UsageError(
            "\(path) is a history of \(name), a Swift subject that is not built into purchase-conformance, "
                + "so it cannot be replayed here (and no other subject is used in its place). Replay it in your own tests:\n"
                + "  \(test)\n"
                + "or from code: try Conformance.replay(\(name).self, file: \"\(path)\")")
    }

    /// One replayed history as one JSON object: the file, the subject, the outcome and whether it met its `expect`.
    func replayJSON<St: ToolStore>(_ result: StoreReplayResult<St>, path: String, subject: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("file", .string(path)), ("subject", .string(subject))]
        switch result.outcome {
        case .passed:
            members.append(("outcome", .string("passed")))
        case .failed(let failure):
            members += [
                ("outcome", .string("failed")), ("check", .string(failure.check.rawValue)),
                ("atEvent", .int(Int64(failure.eventIndex))), ("checks", .array(failure.checks.map { .string($0.rawValue) })),
            ]
        case .rejected(let index, let rejection):
            members += [("outcome", .string("rejected")), ("atEvent", .int(Int64(index))), ("reason", .string(St.reason(rejection)))]
        case .stopped(let stop):
            members += [("outcome", .string("stopped")), ("reason", .string(stop.description))]
        }
        members.append(("events", .int(Int64(result.history.events.count))))
        if let expect = result.history.expect { members.append(("expect", expect.json)) }
        members.append(("meetsExpectation", .bool(result.meetsExpectation)))
        return .object(members)
    }
}
