import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `replay`: one history file, or every history in a folder, against a subject.
    func replay(_ arguments: [String]) throws -> Int32 {
        let args = try CommandArguments(arguments, options: CommandHelp.replay, command: "replay")
        if args.flags.contains("help") {
            io.print(CommandHelp.text(for: "replay") ?? "")
            return 0
        }
        guard args.positionals.count == 1, let target = args.positionals.first else {
            throw UsageError("replay needs one FILE or DIR", command: "replay")
        }
        if HistoryFile.isPlay(target) { return try replayPlay(target, args) }
        let paths = HistoryFile.historyFiles(in: target) ?? [target]
        if paths.isEmpty { throw UsageError("\(target) holds no .json history files", command: "replay") }
        let explicit = args.values["subject"] != nil || args.values["exec"] != nil ? try resolveSubject(args, command: "replay") : nil
        let catalog = try args.values["catalog"].map { path throws(FormatError) in try HistoryFile.readCatalog(path) }
        var anyFailed = false
        var allMet = true
        var badInput = false
        for path in paths {
            let history: History
            do {
                history = try HistoryFile.read(path)
            } catch {
                io.printError("error: \(error)")
                badInput = true
                continue
            }
            let subject = try explicit ?? defaultSubject(for: history)
            var checks = subject.checks
            if args.values["checks"] != nil || args.values["skip-checks"] != nil { checks = try checkSelection(args, subject: subject) }
            let result = subject.replay(history, catalog: catalog, checks: checks)
            if args.flags.contains("trace") { io.print(renderTrace(result, path: path)) }
            switch result.outcome {
            case .passed:
                io.print("✔ \(path): every check held after \(history.events.count) events against \(subject.name)\(expectation(result))")
            case .failed(let failure, let trace):
                anyFailed = true
                var shown = history
                shown.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
                let report = FailureReport(
                    failure: failure, history: shown, originalLength: history.events.count, foundAfterHistories: nil,
                    replayedFrom: path, shrinkEvaluations: 0, shrinkStop: "", flaky: false, trace: trace,
                    subjectOutput: subject.standardErrorTail(), savedPath: path, replayToken: nil)
                io.print(report.rendered())
                io.print("  Subject: \(subject.name)\(expectation(result))")
            case .rejected(let index, let rejection):
                io.printError("error: \(path): event \(index) \(rejection)")
                badInput = true
                continue
            }
            if !result.meetsExpectation { allMet = false }
            io.print("")
        }
        if badInput { return 2 }
        if args.flags.contains("expect") { return allMet ? 0 : 1 }
        return anyFailed ? 1 : 0
    }

    /// The built-in subject a saved history names in its origin, or the reference subject.
    func defaultSubject(for history: History) throws -> SubjectRunner {
        if let name = history.origin?.subject, let subject = subjects.first(where: { $0.name == name }) { return subject }
        return try subject(named: "reference", command: "replay")
    }

    private func expectation(_ result: ReplayResult) -> String {
        guard result.history.expect != nil else { return "" }
        return result.meetsExpectation ? " (as the file expects)" : " (NOT what the file expects)"
    }

    /// The event-by-event trace: messages sent, replies, what the app reported, each check.
    func renderTrace(_ result: ReplayResult, path: String) -> String {
        let steps: [TraceStep]
        switch result.outcome {
        case .passed(let t), .failed(_, let t): steps = t
        case .rejected: steps = []
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
