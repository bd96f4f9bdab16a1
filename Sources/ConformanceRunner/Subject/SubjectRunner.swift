import Generators
import PurchaseStateMachine

/// A subject with everything needed to check it, its type erased: name, catalog, profile,
/// custom checks, and how to build it. Built-in subjects and external ones are both this.
public struct SubjectRunner: Sendable {
    /// The subject's name, as `--subject` spells it.
    public let name: String
    /// One line saying what the subject is.
    public let summary: String
    /// The catalog it runs on unless told otherwise.
    public let catalog: Catalog
    /// How histories are generated for it.
    public let profile: GenerationProfile
    /// What the app promises where Apple leaves it open.
    public let policy: AppPolicy
    /// Checks of its own (such as a free-tier quota).
    public let customChecks: [CustomCheck]
    /// Whether histories may run on several threads (false for a subject in another process).
    public let parallelSafe: Bool
    /// The command a report prints to replay a saved failure of this subject.
    public var reproduce: ReproduceCommand = .tool()
    /// What the subject wrote on standard error lately (subjects in another process), if anything.
    public var standardErrorTail: @Sendable () -> String? = { nil }
    /// Adds what only the subject can tell to a finished failure report (an external
    /// subject's standard error during a replay of the minimal history).
    public var completeReport: @Sendable (FailureReport) -> FailureReport = { $0 }
    let campaign: @Sendable (Catalog, CampaignConfiguration) -> CampaignResult
    let storedCampaign: @Sendable (Catalog, CampaignConfiguration, FailureStore) throws(FailureStoreError) -> CampaignResult
    let replayer: @Sendable (History, Catalog?, CheckSelection) -> ReplayResult
    let encoder: @Sendable (History, GenerationProfile, Catalog) -> Result<[UInt64], NotEncodable>
    let shrinker: @Sendable (History, [UInt64], CampaignConfiguration, Catalog) -> FailureReport?

    /// Wraps subjects built by `factory`.
    public init<S: PurchaseSubject>(
        name: String, summary: String, catalog: Catalog, profile: GenerationProfile = GenerationProfile(),
        policy: AppPolicy = AppPolicy(), customChecks: [CustomCheck] = [], parallelSafe: Bool = true,
        factory: @escaping SubjectFactory<S>
    ) {
        self.name = name
        self.summary = summary
        self.catalog = catalog
        self.profile = profile
        self.policy = policy
        self.customChecks = customChecks
        self.parallelSafe = parallelSafe
        campaign = { catalog, configuration in
            Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory).run()
        }
        storedCampaign = { catalog, configuration, store throws(FailureStoreError) in
            try Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory).run(store: store)
        }
        replayer = { history, catalog, checks in
            Replayer(catalogOverride: catalog, checks: checks, factory: factory).replay(history, trace: true)
        }
        encoder = { history, profile, catalog in
            Result { () throws(NotEncodable) in try HistoryGenerator(catalog: catalog, profile: profile).encode(history) }
        }
        shrinker = { history, values, configuration, catalog in
            Campaign(catalog: catalog, configuration: configuration, subjectName: name, factory: factory)
                .shrinkSaved(history, choices: values)
        }
    }

    /// The checks this subject runs: every built-in one plus its custom checks.
    public var checks: CheckSelection { CheckSelection(custom: customChecks) }

    /// Runs a campaign.
    public func run(catalog: Catalog? = nil, configuration: CampaignConfiguration) -> CampaignResult {
        campaign(catalog ?? self.catalog, threadSafe(configuration))
    }

    /// Runs a campaign against a failures folder: saved failures first, new ones saved
    /// (`Campaign.run(store:originTest:)`).
    public func run(catalog: Catalog? = nil, configuration: CampaignConfiguration, store: FailureStore) throws(FailureStoreError)
        -> CampaignResult
    {
        try storedCampaign(catalog ?? self.catalog, threadSafe(configuration), store)
    }

    /// `configuration` on one thread when the subject cannot run histories in parallel.
    private func threadSafe(_ configuration: CampaignConfiguration) -> CampaignConfiguration {
        var configuration = configuration
        if !parallelSafe { configuration.parallelism = 1 }
        return configuration
    }

    /// Replays one history (stopping at its first failure), with a trace.
    public func replay(_ history: History, catalog: Catalog? = nil, checks: CheckSelection? = nil) -> ReplayResult {
        replayer(history, catalog, checks ?? self.checks)
    }

    /// Shrinks a failing saved history further with the generator's shrinker; nil when the
    /// history cannot be expressed as generator choices (see `encodingProblem`).
    public func shrink(_ history: History, configuration: CampaignConfiguration) -> FailureReport? {
        guard case .success(let values) = encoder(history, configuration.profile, history.catalog) else { return nil }
        return shrinker(history, values, configuration, history.catalog)
    }

    /// Why a history cannot be shrunk with the generator, or nil when it can.
    public func encodingProblem(_ history: History, profile: GenerationProfile) -> String? {
        if case .failure(let error) = encoder(history, profile, history.catalog) { return error.description }
        return nil
    }
}
