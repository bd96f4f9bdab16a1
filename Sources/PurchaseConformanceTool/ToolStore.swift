import ConformanceRunner
import PurchaseStateMachine

/// What the tool's file commands (`replay`, `report`, `shrink`, `corpus`) need of a store beyond
/// `Store`: which subject runs a file, which checks the options choose, and how a replay reads as a
/// trace. The commands themselves are written once, over this.
protocol ToolStore: Store {
    /// How `corpus` lines name the store after a case's subject ("" for the App Store).
    static var label: String { get }
    /// The subject a history runs against when its origin names none.
    static var referenceName: String { get }
    /// How a command line names a program in another process for this store (`--exec`, with `--store` for Google Play).
    static var execOption: String { get }
    /// The subject `--subject` or `--exec` names for files of this store (nil when neither is given).
    static func namedRunner(_ args: CommandArguments, tool: PurchaseConformanceTool) throws -> StoreSubjectRunner<Self>?
    /// The subject a history's origin names (the reference when it names none); a history of a
    /// subject this tool cannot run is a usage error saying how to replay it, never another subject.
    static func originRunner(for history: History, path: String, command: String, tool: PurchaseConformanceTool) throws -> StoreSubjectRunner<Self>
    /// The built-in subject called `name`, if there is one.
    static func builtIn(_ name: String, tool: PurchaseConformanceTool) -> StoreSubjectRunner<Self>?
    /// The history as the options adjust it (`--catalog` for App Store files); options that do not fit the store are refused.
    static func adjusted(_ history: History, path: String, args: CommandArguments, tool: PurchaseConformanceTool) throws -> History
    /// The checks `--checks` and `--skip-checks` choose for `runner` (its own checks without them).
    static func checks(_ args: CommandArguments, runner: StoreSubjectRunner<Self>, tool: PurchaseConformanceTool) throws -> CheckChoice
    /// Why `rejection` refused an event, in words.
    static func reason(_ rejection: Rejection) -> String
    /// The lines `replay --trace` prints for a replay's trace.
    static func traceLines(_ trace: [TraceStep]) -> [String]
    /// A replay's timeline page (`report --html`).
    static func timeline(_ result: StoreReplayResult<Self>, subject: String, report: String) -> Timeline
    /// The failing `history` (failing `original` against `runner`) shrunk for `shrink`.
    static func shrunk(
        _ history: History, original: Failure, runner: StoreSubjectRunner<Self>, checks: CheckChoice, tool: PurchaseConformanceTool
    ) -> StoreFailureReport<Self>
    /// The history as `shrink` and `corpus add` write it.
    static func writable(_ history: History) -> History
}

extension PurchaseConformanceTool {
    /// The history at `path`, as the options adjust it, with the subject that runs it (`named`,
    /// else the one the options name, else its origin's) and the checks the options choose.
    func fileRun<St: ToolStore>(
        _: St.Type, _ path: String, args: CommandArguments, runner named: StoreSubjectRunner<St>? = nil
    ) throws -> (history: St.History, runner: StoreSubjectRunner<St>, checks: St.CheckChoice) {
        let history = try St.adjusted(St.readHistory(path), path: path, args: args, tool: self)
        let runner = try named ?? St.namedRunner(args, tool: self)
            ?? St.originRunner(for: history, path: path, command: args.command, tool: self)
        return (history, runner, try St.checks(args, runner: runner, tool: self))
    }

    /// The bad-input line for a history that could not be replayed: an event the subject's replies make impossible.
    static func unrunnable<St: ToolStore>(_ result: StoreReplayResult<St>, path: String, subject: String) -> String {
        switch result.outcome {
        case .rejected(let index, let rejection):
            return "error: " + St.refusal(rejection, event: index, in: result.history, path: path) + " (against \(subject))"
        case .stopped(let stop): return "error: \(path): the replay stopped: \(stop)"
        case .passed, .failed: return "error: \(path): replayed"
        }
    }
}
