import Generators
import PurchaseStateMachine

/// A subject of either store with everything needed to check it, its type erased: name, what it
/// runs on unless told otherwise, and how to run a campaign, a replay and a shrink against it.
/// Built-in subjects and subjects in another process are all this (`SubjectRunner` for the App
/// Store, `PlaySubjectRunner` for Google Play).
public struct StoreSubjectRunner<St: Store>: Sendable {
    /// The subject's name, as `--subject` spells it.
    public let name: String
    /// One line saying what the subject is (and for a buggy example, what it gets wrong).
    public let summary: String
    /// What the subject runs on unless a campaign says otherwise.
    public let setup: St.SubjectSetup
    /// The check a buggy example fails, nil for a correct subject (or one not built in).
    public let expectedCheck: CheckID?
    /// Whether histories may run on several threads (false for a subject in another process).
    public let parallelSafe: Bool
    /// The command a report prints to replay a saved failure of this subject.
    public var reproduce: ReproduceCommand = .tool()
    /// What the subject wrote on standard error lately (subjects in another process), if anything.
    public var standardErrorTail: @Sendable () -> String? = { nil }
    /// Adds what only the subject can tell to a finished failure report (an external
    /// subject's standard error during a replay of the minimal history).
    public var completeReport: @Sendable (StoreFailureReport<St>) -> StoreFailureReport<St> = { $0 }
    let campaign: @Sendable (St.SubjectSetup, CampaignConfiguration) -> StoreCampaignResult<St>
    let storedCampaign: @Sendable (St.SubjectSetup, CampaignConfiguration, FailureStore) throws(FailureStoreError) -> StoreCampaignResult<St>
    let replayer: @Sendable (St.History, St.CheckChoice) -> StoreReplayResult<St>
    let shrinker: @Sendable (St.History, St.CheckChoice, CampaignConfiguration) -> StoreFailureReport<St>?

    /// A runner from its store's parts (each store's `init` over a subject factory calls this).
    init(
        name: String, summary: String, setup: St.SubjectSetup, expectedCheck: CheckID?, parallelSafe: Bool,
        campaign: @escaping @Sendable (St.SubjectSetup, CampaignConfiguration) -> StoreCampaignResult<St>,
        storedCampaign: @escaping @Sendable (St.SubjectSetup, CampaignConfiguration, FailureStore) throws(FailureStoreError) -> StoreCampaignResult<St>,
        replayer: @escaping @Sendable (St.History, St.CheckChoice) -> StoreReplayResult<St>,
        shrinker: @escaping @Sendable (St.History, St.CheckChoice, CampaignConfiguration) -> StoreFailureReport<St>?
    ) {
        self.name = name
        self.summary = summary
        self.setup = setup
        self.expectedCheck = expectedCheck
        self.parallelSafe = parallelSafe
        self.campaign = campaign
        self.storedCampaign = storedCampaign
        self.replayer = replayer
        self.shrinker = shrinker
    }

    /// Runs a campaign on `setup` (the subject's own when nil).
    public func run(_ setup: St.SubjectSetup? = nil, configuration: CampaignConfiguration) -> StoreCampaignResult<St> {
        campaign(setup ?? self.setup, threadSafe(configuration))
    }

    /// Runs a campaign against a failures folder: saved failures are replayed first, new ones
    /// saved and passing ones pruned (`Campaign.run(store:)`).
    public func run(
        _ setup: St.SubjectSetup? = nil, configuration: CampaignConfiguration, store: FailureStore
    ) throws(FailureStoreError) -> StoreCampaignResult<St> {
        try storedCampaign(setup ?? self.setup, threadSafe(configuration), store)
    }

    /// `configuration` on one thread when the subject cannot run histories in parallel.
    private func threadSafe(_ configuration: CampaignConfiguration) -> CampaignConfiguration {
        var configuration = configuration
        if !parallelSafe { configuration.parallelism = 1 }
        return configuration
    }

    /// Replays one history (stopping at its first failure or an event the subject's replies make
    /// impossible), with a trace, running the checks `checks` chooses.
    public func replay(_ history: St.History, checks: St.CheckChoice) -> StoreReplayResult<St> { replayer(history, checks) }

    /// Shrinks a failing saved history, keeping its failing check (the minimal history is
    /// replayed once more: a pass there is *flaky*); nil when it does not fail, or when this
    /// store's shrinker cannot take it (the App Store's: see `encodingProblem`).
    public func shrink(_ history: St.History, checks: St.CheckChoice, configuration: CampaignConfiguration) -> StoreFailureReport<St>? {
        shrinker(history, checks, configuration)
    }
}

extension StoreSubjectRunner {
    /// A subject in another process started from `command` (an argument vector, no shell) and
    /// reused across histories, one at a time: named `exec-` and its script's (or program's) file
    /// name; `make` builds the runner over the process, named and described.
    static func external(
        command: String, timeout: Double, make: (SubjectProcess, _ name: String, _ summary: String) -> Self
    ) throws(ExternalCommandError) -> Self {
        let parsed = try ExternalCommand(parsing: command)
        let process = SubjectProcess(command: parsed, timeout: .milliseconds(Int64(timeout * 1000)))
        let script = parsed.arguments.last { $0.hasSuffix(".py") || $0.hasSuffix(".js") || $0.hasSuffix(".php") || $0.hasSuffix(".rb") }
        let base = (script ?? parsed.executable).split(separator: "/").last.map(String.init) ?? "subject"
        var runner = make(process, "exec-" + base, parsed.arguments.joined(separator: " "))
        runner.standardErrorTail = {
            let text = process.standardErrorOfHistory
            return text.isEmpty ? nil : text
        }
        return runner
    }
}

/// An App Store subject runner.
public typealias SubjectRunner = StoreSubjectRunner<AppleAppStore>

/// A Google Play subject runner.
public typealias PlaySubjectRunner = StoreSubjectRunner<GooglePlayStore>
