import ConformanceRunner
import PurchaseStateMachine

extension AppleAppStore: ToolStore {
    static var label: String { "" }
    static var referenceName: String { "reference" }
    static var execOption: String { "--exec" }

    static func namedRunner(_ args: CommandArguments, tool: PurchaseConformanceTool) throws -> SubjectRunner? {
        args.values["subject"] != nil || args.values["exec"] != nil ? try tool.resolveSubject(args, command: args.command) : nil
    }

    static func builtIn(_ name: String, tool: PurchaseConformanceTool) -> SubjectRunner? { tool.subjects.first { $0.name == name } }

    static func originRunner(for history: History, path: String, command: String, tool: PurchaseConformanceTool) throws -> SubjectRunner {
        try tool.defaultSubject(for: history, path: path)
    }

    static func adjusted(_ history: History, path: String, args: CommandArguments, tool: PurchaseConformanceTool) throws -> History {
        var history = history
        if let catalog = try tool.catalogOption(args) { history.catalog = catalog }
        return history
    }

    static func checks(_ args: CommandArguments, runner: SubjectRunner, tool: PurchaseConformanceTool) throws -> CheckSelection {
        args.values["checks"] != nil || args.values["skip-checks"] != nil ? try tool.checkSelection(args, subject: runner) : runner.checks
    }

    static func reason(_ rejection: Rejection) -> String { rejection.reason }

    static func traceLines(_ trace: [TraceStep]) -> [String] {
        var lines: [String] = []
        for step in trace {
            lines.append("  \(step.eventIndex + 1). \(step.event.compact)")
            for message in step.messages { lines.append("       → \(message)") }
            if let observed = step.observed {
                let balances = observed.balances.keys.sorted().map { "\($0): \(observed.balances[$0] ?? 0)" }
                lines.append(
                    "       query → entitled [\(observed.entitledSorted.joined(separator: ", "))]"
                        + (balances.isEmpty ? "" : " balances [\(balances.joined(separator: ", "))]"))
            }
            lines.append(step.failure.map { "       ✘ " + $0.checks.map(\.rawValue).joined(separator: ", ") } ?? "       ✔ every check held")
        }
        return lines
    }

    static func timeline(_ result: ReplayResult, subject: String, report: String) -> Timeline {
        Timeline(history: result.history, catalog: nil, failure: result.failure, trace: result.trace, subject: subject, report: report)
    }

    static func shrunk(
        _ history: History, original: Failure, runner: SubjectRunner, checks: CheckSelection, tool: PurchaseConformanceTool
    ) -> FailureReport {
        var configuration = CampaignConfiguration(profile: runner.profile, policy: history.policy, checks: checks)
        configuration.profile.maxEvents = max(configuration.profile.maxEvents, history.events.count)
        if let shrunk = runner.shrink(history, checks: checks, configuration: configuration), shrunk.check == original.check {
            return shrunk
        }
        if let problem = runner.encodingProblem(history, profile: configuration.profile) {
            tool.io.printError("note: shrinking event by event (\(problem))")
        }
        var shrinker = EventListShrinker(check: original.check) { runner.replay($0, checks: checks) }
        let (minimal, failure, trace) = shrinker.shrink(history)
        return FailureReport.shrunkByEvents(
            failure, original: original, minimal: minimal, originalLength: history.events.count, evaluations: shrinker.evaluations, trace: trace)
    }

    static func writable(_ history: History) -> History {
        var history = history
        history.catalogFile = nil
        return history
    }
}
