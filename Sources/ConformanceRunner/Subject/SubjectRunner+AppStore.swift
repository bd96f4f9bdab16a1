import Generators
import PurchaseStateMachine

extension StoreSubjectRunner where St == AppleAppStore {
    /// Wraps App Store subjects built by `factory`.
    public init<S: PurchaseSubject>(
        name: String, summary: String, catalog: Catalog, profile: GenerationProfile = GenerationProfile(),
        policy: AppPolicy = AppPolicy(), customChecks: [CustomCheck] = [], parallelSafe: Bool = true, expectedCheck: CheckID? = nil,
        factory: @escaping SubjectFactory<S>
    ) {
        self.init(
            name: name, summary: summary, setup: AppStoreSubjectSetup(catalog: catalog, profile: profile, policy: policy, customChecks: customChecks),
            expectedCheck: expectedCheck, parallelSafe: parallelSafe,
            campaign: { setup, configuration in
                Campaign(catalog: setup.catalog, configuration: configuration, subjectName: name, factory: factory).run()
            },
            storedCampaign: { setup, configuration, store throws(FailureStoreError) in
                try Campaign(catalog: setup.catalog, configuration: configuration, subjectName: name, factory: factory).run(store: store)
            },
            replayer: { history, checks in Replayer(checks: checks, factory: factory).replay(history, trace: true) },
            shrinker: { history, checks, configuration in
                var configuration = configuration
                configuration.checks = checks
                guard let values = try? HistoryGenerator(catalog: history.catalog, profile: configuration.profile).encode(history) else { return nil }
                return Campaign(catalog: history.catalog, configuration: configuration, subjectName: name, factory: factory)
                    .shrinkSaved(history, choices: values)
            })
    }

    /// The catalog it runs on unless told otherwise.
    public var catalog: Catalog { setup.catalog }
    /// How histories are generated for it.
    public var profile: GenerationProfile { setup.profile }
    /// What the app promises where Apple leaves it open.
    public var policy: AppPolicy { setup.policy }
    /// Checks of its own (such as a free-tier quota).
    public var customChecks: [CustomCheck] { setup.customChecks }
    /// The checks this subject runs: every built-in one plus its custom checks.
    public var checks: CheckSelection { CheckSelection(custom: customChecks) }

    /// Replays one history on `catalog` (the history's own when nil), with a trace.
    public func replay(_ history: History, catalog: Catalog? = nil, checks: CheckSelection? = nil) -> ReplayResult {
        var history = history
        if let catalog { history.catalog = catalog }
        return replay(history, checks: checks ?? self.checks)
    }

    /// Why a history cannot be shrunk with the generator, or nil when it can.
    public func encodingProblem(_ history: History, profile: GenerationProfile) -> String? {
        do { _ = try HistoryGenerator(catalog: history.catalog, profile: profile).encode(history) } catch { return error.description }
        return nil
    }

    /// A subject in another process speaking `purchase-subject/1`, started from `command` (an
    /// argument vector, no shell) and reused across histories; histories run one at a time.
    ///
    /// Throws when the command cannot be parsed or its program found. `policy` is what the
    /// program promises (a server that validates receipts trusts Apple's servers).
    package static func external(
        command: String, timeout: Double, catalog: Catalog, policy: AppPolicy = AppPolicy()
    ) throws(ExternalCommandError) -> SubjectRunner {
        try external(command: command, timeout: timeout) { process, name, arguments in
            var runner = SubjectRunner(
                name: name, summary: "an external subject: \(arguments)", catalog: catalog, policy: policy, parallelSafe: false,
                factory: ExternalSubject.factory(process: process))
            runner.reproduce = .tool(["--exec", command])
            runner.completeReport = { report in
                var completed = report
                completed.captureSubjectOutput(replayingOn: process, checks: CheckSelection())
                return completed
            }
            return runner
        }
    }
}
