import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension GooglePlayStore: ToolStore {
    static var label: String { " (Google Play)" }
    static var referenceName: String { PlayBuiltInSubjects.all[0].name }
    static var execOption: String { "--store googlePlay --exec" }

    /// `--subject` (a play-… one) or `--exec` (a program speaking the Google Play messages).
    static func namedRunner(_ args: CommandArguments, tool: PurchaseConformanceTool) throws -> PlaySubjectRunner? {
        switch (args.values["subject"], args.values["exec"]) {
        case (let name?, nil):
            guard let runner = PlayBuiltInSubjects.named(name) else {
                let known = PlayBuiltInSubjects.all.map(\.name).joined(separator: ", ")
                throw UsageError("\(name) is not a Google Play subject, and these are Google Play histories (Google Play subjects: \(known))", command: args.command)
            }
            return runner
        case (nil, let exec?):
            let timeout = try args.seconds("timeout") ?? 5
            do { return try PlaySubjectRunner.external(command: exec, timeout: timeout) } catch { throw UsageError("--exec: \(error)", command: args.command) }
        case (.some, .some):
            throw UsageError("give either --subject or --exec, not both", command: args.command)
        case (nil, nil):
            return nil
        }
    }

    static func builtIn(_ name: String, tool: PurchaseConformanceTool) -> PlaySubjectRunner? { PlayBuiltInSubjects.named(name) }

    static func originRunner(for history: PlayHistory, path: String, command: String, tool: PurchaseConformanceTool) throws -> PlaySubjectRunner {
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
                + "(and no other subject is used in its place); give --subject NAME (\(PlayBuiltInSubjects.all.map(\.name).joined(separator: ", "))) "
                + "or --store googlePlay --exec 'CMD ARG…'")
    }

    /// Refuses the options only App Store files take, and a `--store` other than googlePlay.
    static func adjusted(_ history: PlayHistory, path: String, args: CommandArguments, tool: PurchaseConformanceTool) throws -> PlayHistory {
        if let option = ["catalog", "grants", "durations"].first(where: { args.values[$0] != nil }) {
            throw UsageError("\(path) is a Google Play history: --\(option) applies to App Store histories only", command: args.command)
        }
        if let store = args.values["store"], store != PlayHistory.storeKind {
            throw UsageError(
                "\(path) is a Google Play history, so --store \(store) does not fit it (give googlePlay, or leave --store out)", command: args.command)
        }
        return history
    }

    static func checks(_ args: CommandArguments, runner: PlaySubjectRunner, tool: PurchaseConformanceTool) throws -> [PlayCheck] {
        try tool.playSkippedChecks(args)
    }

    static func reason(_ rejection: FormatError) -> String { rejection.message }

    static func traceLines(_ trace: [String]) -> [String] { trace }

    static func timeline(_ result: PlayReplayResult, subject: String, report: String) -> Timeline {
        Timeline(play: result.history, result: result, subject: subject, report: report)
    }

    static func shrunk(
        _ history: PlayHistory, original: Failure, runner: PlaySubjectRunner, checks: [PlayCheck], tool: PurchaseConformanceTool
    ) -> PlayFailureReport {
        // The history failed just now, so only a subject that does not behave the same twice gives none: report that as flaky.
        runner.shrink(history, skipping: checks)
            ?? .shrunkByEvents(nil, original: original, minimal: history, originalLength: history.events.count, evaluations: 0, trace: [])
    }

    static func writable(_ history: PlayHistory) -> PlayHistory { history }
}
