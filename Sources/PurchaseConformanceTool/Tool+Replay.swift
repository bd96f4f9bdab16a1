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
        // Google Play files (any of them, in a folder) are replayed against Play subjects; the
        // App Store subject and catalog options are resolved only when App Store files are there.
        let play = paths.map(HistoryFile.isPlay)
        let appStore = play.contains(false)
        let explicit = appStore && (args.values["subject"] != nil || args.values["exec"] != nil) ? try resolveSubject(args, command: "replay") : nil
        let catalog = appStore ? try catalogOption(args) : nil
        let json = args.flags.contains("json")
        var anyFailed = false
        var allMet = true
        var badInput = false
        for (path, isPlay) in zip(paths, play) {
            if isPlay {
                do {
                    let (failed, met) = try replayPlayFile(path, args)
                    if failed { anyFailed = true }
                    if !met { allMet = false }
                } catch {
                    if paths == [target] { throw error }  // one file: a usage error says which --help to read
                    io.printError("error: \(error)")
                    badInput = true
                }
                continue
            }
            let history: History
            let subject: SubjectRunner
            do {
                history = try HistoryFile.read(path)
                subject = try explicit ?? defaultSubject(for: history, path: path)
            } catch {
                io.printError("error: \(error)")
                badInput = true
                continue
            }
            var checks = subject.checks
            if args.values["checks"] != nil || args.values["skip-checks"] != nil { checks = try checkSelection(args, subject: subject) }
            let result = subject.replay(history, catalog: catalog, checks: checks)
            if json {
                io.print(replayJSON(result, path: path, subject: subject.name).rendered())
            } else if args.flags.contains("trace") {
                io.print(renderTrace(result, path: path))
            }
            switch result.outcome {
            case .passed:
                if !json {
                    io.print("✔ \(path): every check held after \(countText(history.events.count, "event")) against \(subject.name)\(expectation(result))")
                }
            case .failed(let failure):
                anyFailed = true
                guard !json else { break }
                var report = FailureReport.replayed(failure, history: history, trace: result.trace, path: path)
                report.subjectOutput = subject.standardErrorTail()
                io.print(report.rendered(reproduce: subject.reproduce))
                io.print("  Subject: \(subject.name)\(expectation(result))")
            case .rejected, .stopped:
                io.printError(Self.unrunnable(result.outcome, path: path))
                badInput = true
                continue
            }
            if !result.meetsExpectation { allMet = false }
            if !json { io.print("") }
        }
        if badInput { return 2 }
        if args.flags.contains("expect") { return allMet ? 0 : 1 }
        return anyFailed ? 1 : 0
    }

    /// The subject a saved history names in its origin, when this tool can run it; the
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

    /// The bad-input line for a history that could not be replayed: an event the model refuses.
    static func unrunnable(_ outcome: StoreRunOutcome, path: String) -> String {
        switch outcome {
        case .rejected(let index, let rejection): return "error: \(path): event \(index) \(rejection)"
        case .stopped(let stop): return "error: \(path): the replay stopped: \(stop)"
        case .passed, .failed: return "error: \(path): replayed"
        }
    }

    /// One replayed history as one JSON object: the file, the subject, the outcome and whether it met its `expect`.
    func replayJSON(_ result: ReplayResult, path: String, subject: String) -> JSONValue {
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
            members += [("outcome", .string("rejected")), ("atEvent", .int(Int64(index))), ("reason", .string(rejection.reason))]
        case .stopped(let stop):
            members += [("outcome", .string("stopped")), ("reason", .string(stop.description))]
        }
        members.append(("events", .int(Int64(result.history.events.count))))
        if let expect = result.history.expect { members.append(("expect", expect.json)) }
        members.append(("meetsExpectation", .bool(result.meetsExpectation)))
        return .object(members)
    }

    private func expectation(_ result: ReplayResult) -> String {
        guard result.history.expect != nil else { return "" }
        return result.meetsExpectation ? " (as the file expects)" : " (NOT what the file expects)"
    }

    /// The event-by-event trace: messages sent, replies, what the app reported, each check.
    func renderTrace(_ result: ReplayResult, path: String) -> String {
        let steps: [TraceStep]
        switch result.outcome {
        case .passed, .failed: steps = result.trace
        case .rejected, .stopped: steps = []
        }
        var lines = ["Trace of \(path):"]
        for step in steps {
            lines.append("  \(step.eventIndex + 1). \(step.event.compact)")
            for message in step.messages { lines.append("       → \(message)") }
            if let observed = step.observed {
                let balances = observed.balances.keys.sorted().map { "\($0): \(observed.balances[$0] ?? 0)" }
                lines.append("       query → entitled [\(observed.entitledSorted.joined(separator: ", "))]" + (balances.isEmpty ? "" : " balances [\(balances.joined(separator: ", "))]"))
            }
            if let failure = step.failure {
                lines.append("       ✘ " + failure.checks.map(\.rawValue).joined(separator: ", "))
            } else {
                lines.append("       ✔ every check held")
            }
        }
        return lines.joined(separator: "\n")
    }
}
