import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// The commands that take a history file, on Google Play files (`"storeKind": "googlePlay"`):
/// `replay`, `report`, `shrink` and `corpus add`/`list` read them as they read App Store files.
extension PurchaseConformanceTool {
    /// The options that mean something for App Store files only; refused on a Play file, never ignored.
    static let appStoreOnlyFileOptions = ["catalog", "grants", "durations"]

    /// The Play subject to run `history` (read from `path`) against: `--subject` (a play-… one),
    /// `--exec` (a program speaking the Google Play messages), or the built-in subject its origin
    /// names (play-reference-app when it names none). A history of a subject this tool cannot run is
    /// a usage error that says how to replay it; another subject is never put in its place.
    func playFileRunner(_ history: PlayHistory, path: String, args: CommandArguments) throws -> PlaySubjectRunner {
        let command = args.command
        try refuseAppStoreOptions(path: path, args: args)
        let known = PlayBuiltInSubjects.all.map(\.name).joined(separator: ", ")
        switch (args.values["subject"], args.values["exec"]) {
        case (let name?, nil):
            guard let runner = PlayBuiltInSubjects.named(name) else {
                throw UsageError("\(path) is a Google Play history and \(name) is not a Google Play subject (they are: \(known))", command: command)
            }
            return runner
        case (nil, let exec?):
            let timeout = try args.seconds("timeout") ?? 5
            do {
                return try PlaySubjectRunner.external(command: exec, timeout: timeout)
            } catch {
                throw UsageError("--exec: \(error)", command: command)
            }
        case (.some, .some):
            throw UsageError("give either --subject or --exec, not both", command: command)
        case (nil, nil):
            guard let name = history.origin?.subject else { return PlayBuiltInSubjects.all[0] }
            if let runner = PlayBuiltInSubjects.named(name) { return runner }
            let file = ReproduceCommand.shellQuoted(path)
            if name == "exec" || name.hasPrefix("exec-") {
                throw UsageError(
                    "\(path) is a history of \(name), a program in another process that this file does not say how to start; "
                        + "replay it with the command that was checked: purchase-conformance \(command) \(file) --store googlePlay --exec 'CMD ARG…'")
            }
            throw UsageError(
                "\(path) is a history of \(name), a Google Play subject that is not built into purchase-conformance, so it cannot be run here "
                    + "(and no other subject is used in its place); give --subject NAME (\(known)) or --store googlePlay --exec 'CMD ARG…'")
        }
    }

    /// Refuses, on the Play file at `path`, the options only App Store files take, and a `--store` other than googlePlay.
    func refuseAppStoreOptions(path: String, args: CommandArguments) throws(UsageError) {
        if let option = Self.appStoreOnlyFileOptions.first(where: { args.values[$0] != nil }) {
            throw UsageError("\(path) is a Google Play history: --\(option) applies to App Store histories only", command: args.command)
        }
        if let store = args.values["store"], store != PlayHistory.storeKind {
            throw UsageError(
                "\(path) is a Google Play history, so --store \(store) does not fit it (give googlePlay, or leave --store out)", command: args.command)
        }
    }

    /// Replays the Play file at `path` against `runner`; an event the subject's replies make
    /// impossible (or one past the work limit) is an error naming the file and event (exit 2).
    func runPlay(
        _ runner: PlaySubjectRunner, _ history: PlayHistory, path: String, skipping: [PlayCheck] = []
    ) throws(FormatError) -> (failure: Failure?, trace: [String]) {
        let result = try runPlayResult(runner, history, path: path, skipping: skipping)
        return (result.failure, result.trace)
    }

    /// `runPlay`'s whole result, with what each event came to (for a timeline).
    func runPlayResult(
        _ runner: PlaySubjectRunner, _ history: PlayHistory, path: String, skipping: [PlayCheck] = []
    ) throws(FormatError) -> PlayReplayResult {
        let result = runner.replay(history, skipping: skipping)
        if let rejection = result.rejection {
            var error = rejection.inFile(path)
            error.message += " (against \(runner.name))"
            throw error
        }
        return result
    }

    /// One Play history file replayed for `replay`: prints its outcome line (or, with `--json`,
    /// one JSON object) and says whether a check failed and whether the file's `expect` was met.
    func replayPlayFile(_ path: String, _ args: CommandArguments) throws -> (failed: Bool, metExpectation: Bool) {
        let history = try HistoryFile.readPlay(path)
        let runner = try playFileRunner(history, path: path, args: args)
        let (failure, trace) = try runPlay(runner, history, path: path, skipping: try playSkippedChecks(args))
        let met = history.expect?.isMet(byFailure: failure.map { ($0.check.rawValue, $0.eventIndex) }) ?? true
        if args.flags.contains("json") {
            var members: [(key: String, value: JSONValue)] = [("file", .string(path)), ("subject", .string(runner.name))]
            if let failure {
                members += [("outcome", .string("failed")), ("check", .string(failure.check.rawValue)), ("atEvent", .int(Int64(failure.eventIndex)))]
            } else {
                members.append(("outcome", .string("passed")))
            }
            members.append(("events", .int(Int64(history.events.count))))
            if let expect = history.expect { members.append(("expect", expect.json)) }
            members.append(("meetsExpectation", .bool(met)))
            io.print(JSONValue.object(members).rendered())
            return (failure != nil, met)
        }
        if args.flags.contains("trace") { for line in trace { io.print(line) } }
        let outcome = failure.map { "✘ \($0.check.rawValue) failed after event \($0.eventIndex + 1): \($0.subjectLine): expected \($0.expectedLine), got \($0.observedLine)" }
        let suffix = history.expect == nil ? "" : met ? " (as the file expects)" : " (NOT what the file expects)"
        io.print("\(path) (\(runner.name)): " + (outcome ?? "✔ every check held over \(countText(history.events.count, "event"))") + suffix)
        return (failure != nil, met)
    }

    /// `report` of a Google Play file: the failure report of its replay; `--html OUT` also writes
    /// its timeline page.
    func reportPlay(_ path: String, _ args: CommandArguments) throws -> Int32 {
        let history = try HistoryFile.readPlay(path)
        let runner = try playFileRunner(history, path: path, args: args)
        let result = try runPlayResult(runner, history, path: path, skipping: try playSkippedChecks(args))
        let text: String
        if let failure = result.failure {
            var report = PlayFailureReport.replayed(failure, history: history, trace: result.trace, path: path)
            report.reproduce = runner.reproduce
            report.subjectOutput = runner.standardErrorTail()
            text = report.text
        } else {
            text = "✔ every check held after \(countText(history.events.count, "event")) of \(path) against \(runner.name)"
        }
        io.print(text)
        if let out = args.values["html"] {
            try HistoryFile.writeText(TimelineHTML(Timeline(play: history, result: result, subject: runner.name, report: text)).rendered, to: out)
            io.printError("Timeline written to \(out)")
        }
        return result.failure == nil ? 0 : 1
    }

    /// `shrink` of a Google Play file: the named event passes against its subject; writes the result.
    func shrinkPlay(_ path: String, _ args: CommandArguments) throws -> Int32 {
        let history = try HistoryFile.readPlay(path)
        let runner = try playFileRunner(history, path: path, args: args)
        _ = try runPlay(runner, history, path: path, skipping: try playSkippedChecks(args))  // an impossible event is an error, not "nothing to shrink"
        guard var report = runner.shrink(history, skipping: try playSkippedChecks(args)) else {
            io.printError("error: \(path) does not fail against \(runner.name); there is nothing to shrink")
            return 2
        }
        report.history.name = history.name
        var origin = history.origin ?? HistoryOrigin(tool: ToolVersion.text)
        origin.subject = runner.name
        report.history.origin = origin
        let out = args.values["out"] ?? (path.hasSuffix(".json") ? String(path.dropLast(5)) + ".shrunk.json" : path + ".shrunk.json")
        try HistoryFile.writeText(report.history.fileText, to: out)
        report.savedPath = out
        report.subjectOutput = runner.standardErrorTail()  // of the minimal history, replayed last
        io.print(report.text)
        return 1
    }

    /// `corpus add` of a Google Play file: confirmed against its subject where this tool can run
    /// it, then written with its `expect`; a recorded failure that no longer fails is refused.
    func corpusAddPlay(_ path: String, folder: String, args: CommandArguments) throws -> Int32 {
        var history = try HistoryFile.readPlay(path)
        let recorded = history.expect
        var subjectName = history.origin?.subject ?? PlayBuiltInSubjects.all[0].name
        try refuseAppStoreOptions(path: path, args: args)
        let explicit = args.values["subject"] != nil || args.values["exec"] != nil
        let runnable = explicit ? try playFileRunner(history, path: path, args: args) : PlayBuiltInSubjects.named(subjectName)
        if let runner = runnable {
            subjectName = runner.name
            let failure = try runPlay(runner, history, path: path, skipping: try playSkippedChecks(args)).failure
                .map { (check: $0.check.rawValue, eventIndex: $0.eventIndex) }
            let rerun = "--subject NAME or --store googlePlay --exec 'CMD'"
            guard let expect = confirmedExpectation(recorded, failure: failure, subject: runner.name, path: path, rerun: rerun) else { return 2 }
            history.expect = expect
        } else {
            guard recorded != nil else {
                io.printError(
                    "error: \(path) is a history of \(subjectName), which this tool cannot run, and it has no \"expect\" to keep; "
                        + "give the subject: --subject NAME or --store googlePlay --exec 'CMD ARG…'")
                return 2
            }
        }
        var origin = history.origin ?? HistoryOrigin()
        origin.subject = subjectName
        history.origin = origin
        let name = FailureStore.slug(args.values["name"] ?? history.name ?? "case")
        history.name = name
        let destination = folder + "/" + name + ".json"
        try HistoryFile.writeText(history.fileText, to: destination)
        io.print("added \(destination): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(subjectName) (Google Play)")
        if runnable == nil {
            io.print("  kept as recorded: \(subjectName) is not built into this tool; replay it with --store googlePlay --exec 'CMD' to confirm it")
        }
        return 0
    }

    /// One line of `corpus list` for a Google Play case.
    func corpusListPlay(_ path: String) throws -> String {
        let history = try HistoryFile.readPlay(path)
        let name = String(path.split(separator: "/").last ?? Substring(path))
        return "\(name): \(describe(history.expect)), \(countText(history.events.count, "event")), subject \(history.origin?.subject ?? PlayBuiltInSubjects.all[0].name) (Google Play)"
    }
}
