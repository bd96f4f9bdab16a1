import Generators
import PurchaseStateMachine

extension StoreSubjectRunner where St == GooglePlayStore {
    /// Wraps Play subjects built by `factory` (a subject in another process, `PlayExternalSubject`,
    /// always runs on one thread; a Swift one on as many as the configuration says).
    public init<S: PlaySubject>(
        name: String, summary: String, expectedCheck: CheckID? = nil, factory: @escaping PlaySubjectFactory<S>
    ) {
        @Sendable func campaign(_ setup: PlaySubjectSetup, _ configuration: CampaignConfiguration) -> Campaign<PlayCases<S>> {
            Campaign(
                play: setup.generator, policy: setup.policy, skipping: setup.skipping, configuration: configuration, subjectName: name,
                factory: factory)
        }
        self.init(
            name: name, summary: summary, setup: PlaySubjectSetup(), expectedCheck: expectedCheck, parallelSafe: true,
            campaign: { setup, configuration in campaign(setup, configuration).run() },
            storedCampaign: { setup, configuration, store throws(FailureStoreError) in try campaign(setup, configuration).run(store: store) },
            replayer: { history, skipped in PlayCases(skipping: skipped, factory: factory).replay(history) },
            shrinker: { history, skipped, _ in
                let driver = PlayCases(skipping: skipped, seed: Seed(0), subjectName: name, factory: factory)
                return Campaign(driver: driver, configuration: .play(seed: Seed(0), histories: 0), subjectName: name).polishSaved(history)
            })
        reproduce = .tool(["--subject", name])
    }

    /// Runs a campaign as `configuration` says, histories drawn by `generator` over its catalog (the
    /// example catalog when nil), the app consuming what `policy` says, the checks in `skipping` off.
    public func campaign(
        _ generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = [],
        configuration: CampaignConfiguration
    ) -> PlayCampaignResult {
        run(PlaySubjectSetup(generator: generator, policy: policy, skipping: skipping), configuration: configuration)
    }

    /// Replays one history, telling a refused event (`PlayReplayResult.rejection`) from a failure.
    public func replay(_ history: PlayHistory, skipping: [PlayCheck] = []) -> PlayReplayResult { replay(history, checks: skipping) }

    /// Shrinks a saved failing `history` by the named event passes of `PlayHistoryShrinker`
    /// (`Campaign.polishSaved`: a file carries events, not the choices that drew them), keeping its
    /// failing check; nil when it does not fail (or the subject's replies make one of its events
    /// impossible). The minimal history is replayed once more (a pass there is *flaky*).
    public func shrink(_ history: PlayHistory, skipping: [PlayCheck] = []) -> PlayFailureReport? {
        var report = shrink(history, checks: skipping, configuration: .play(seed: Seed(0), histories: 0))
        report?.reproduce = reproduce
        return report
    }

    /// A Play subject in another process speaking the Google Play messages of `purchase-subject/1`,
    /// started from `command` (an argument vector, no shell) and reused across histories, one at a
    /// time; a saved failure replays with `--store googlePlay --exec COMMAND`.
    package static func external(command: String, timeout: Double) throws(ExternalCommandError) -> PlaySubjectRunner {
        try external(command: command, timeout: timeout) { process, name, arguments in
            var runner = PlaySubjectRunner(
                name: name, summary: "an external Google Play subject: \(arguments)", factory: PlayExternalSubject.factory(process: process))
            runner.reproduce = .tool(["--store", PlayHistory.storeKind, "--exec", command])
            return runner
        }
    }
}
