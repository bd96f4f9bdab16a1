import Generators
import PurchaseStateMachine

/// A named Play subject the tool can run: its campaign and its replay, with the subject type erased.
public struct PlaySubjectRunner: Sendable {
    /// The name `--subject` takes.
    public let name: String
    /// One line on what the subject is (and for a buggy example, what it gets wrong).
    public let summary: String
    /// The check a buggy example fails, nil for a correct subject.
    public let expectedCheck: CheckID?
    /// The campaign behind `campaign(_:policy:skipping:configuration:)`.
    private let runCampaign: @Sendable (PlayHistoryGenerator?, PlayPolicy, [PlayCheck], CampaignConfiguration) -> PlayCampaignResult
    /// The campaign behind `campaign(_:policy:skipping:configuration:store:)`.
    private let runStoredCampaign: @Sendable (PlayHistoryGenerator?, PlayPolicy, [PlayCheck], CampaignConfiguration, FailureStore) throws(FailureStoreError) -> PlayCampaignResult
    /// The replay behind `replay(_:skipping:)`.
    private let runHistory: @Sendable (PlayHistory, [PlayCheck]) -> PlayReplayResult
    /// The shrink behind `shrink(_:skipping:)`.
    private let shrinkHistory: @Sendable (PlayHistory, [PlayCheck]) -> PlayFailureReport?
    /// The command that replays a saved failure of this subject (`replay FILE --subject NAME` by default).
    public var reproduce: ReproduceCommand
    /// What a subject in another process wrote on standard error during its latest history (nil for a Swift subject).
    public var standardErrorTail: @Sendable () -> String? = { nil }

    /// Wraps a subject type built by `factory` (a subject in another process, `PlayExternalSubject`,
    /// always runs on one thread; a Swift one on as many as the configuration says).
    public init<S: PlaySubject>(
        name: String, summary: String, expectedCheck: CheckID? = nil, factory: @escaping PlaySubjectFactory<S>
    ) {
        self.name = name
        self.summary = summary
        self.expectedCheck = expectedCheck
        runCampaign = { generator, policy, skipping, configuration in
            Campaign(play: generator, policy: policy, skipping: skipping, configuration: configuration, subjectName: name, factory: factory)
                .run()
        }
        runStoredCampaign = { generator, policy, skipping, configuration, store throws(FailureStoreError) in
            try Campaign(play: generator, policy: policy, skipping: skipping, configuration: configuration, subjectName: name, factory: factory)
                .run(store: store)
        }
        runHistory = { history, skipped in PlayCases(skipping: skipped, factory: factory).replay(history) }
        shrinkHistory = { history, skipped in
            let driver = PlayCases(skipping: skipped, seed: Seed(0), subjectName: name, factory: factory)
            return Campaign(driver: driver, configuration: .play(seed: Seed(0), histories: 0), subjectName: name).polishSaved(history)
        }
        reproduce = .tool(["--subject", name])
    }

    /// Runs a campaign as `configuration` says, histories drawn by `generator` over its catalog (the
    /// example catalog when nil), the app consuming what `policy` says, the checks in `skipping` off.
    public func campaign(
        _ generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = [],
        configuration: CampaignConfiguration
    ) -> PlayCampaignResult {
        runCampaign(generator, policy, skipping, configuration)
    }

    /// Runs a campaign as `campaign(_:policy:skipping:configuration:)` does against a failures
    /// folder: saved failures are replayed first, new ones saved and passing ones pruned.
    public func campaign(
        _ generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = [],
        configuration: CampaignConfiguration, store: FailureStore
    ) throws(FailureStoreError) -> PlayCampaignResult {
        try runStoredCampaign(generator, policy, skipping, configuration, store)
    }

    /// Replays one history, telling a refused event (`PlayReplayResult.rejection`) from a failure.
    public func replay(_ history: PlayHistory, skipping: [PlayCheck] = []) -> PlayReplayResult { runHistory(history, skipping) }

    /// Shrinks a saved failing `history` by the named event passes of `PlayHistoryShrinker`
    /// (`Campaign.polishSaved`: a file carries events, not the choices that drew them), keeping its
    /// failing check; nil when it does not fail (or the subject's replies make one of its events
    /// impossible). The minimal history is replayed once more (a pass there is *flaky*).
    public func shrink(_ history: PlayHistory, skipping: [PlayCheck] = []) -> PlayFailureReport? {
        var report = shrinkHistory(history, skipping)
        report?.reproduce = reproduce
        return report
    }
}

extension PlaySubjectRunner {
    /// A Play subject in another process speaking the Google Play messages of `purchase-subject/1`,
    /// started from `command` (an argument vector, no shell) and reused across histories, one at a
    /// time. Named `exec-` and its script's (or program's) file name, as an App Store one is; a
    /// saved failure replays with `--store googlePlay --exec COMMAND`.
    package static func external(command: String, timeout: Double) throws(ExternalCommandError) -> PlaySubjectRunner {
        let parsed = try ExternalCommand(parsing: command)
        let process = SubjectProcess(command: parsed, timeout: .milliseconds(Int64(timeout * 1000)))
        let script = parsed.arguments.last { $0.hasSuffix(".py") || $0.hasSuffix(".js") || $0.hasSuffix(".php") || $0.hasSuffix(".rb") }
        let base = (script ?? parsed.executable).split(separator: "/").last.map(String.init) ?? "subject"
        var runner = PlaySubjectRunner(
            name: "exec-" + base, summary: "an external Google Play subject: \(parsed.arguments.joined(separator: " "))",
            factory: PlayExternalSubject.factory(process: process))
        runner.reproduce = .tool(["--store", PlayHistory.storeKind, "--exec", command])
        runner.standardErrorTail = {
            let text = process.standardErrorOfHistory
            return text.isEmpty ? nil : text
        }
        return runner
    }
}
