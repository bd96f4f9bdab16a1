import Generators
import PurchaseStateMachine

/// The App Store's side of a campaign for a `PurchaseSubject`: histories drawn by
/// `HistoryGenerator` (every `guidedEvery`-th after a prefix the model-only exploration kept),
/// run by `HistoryExecution`, polished by `HistoryPolish`, encoded back into choices.
public struct AppStoreCases<S: PurchaseSubject>: CaseDriver {
    public typealias St = AppleAppStore
    public typealias Settings = StoreSettings

    /// The products every history runs on.
    public let catalog: Catalog
    let configuration: CampaignConfiguration
    let subjectName: String
    let factory: SubjectFactory<S>
    let runner: CaseRunner<S>
    /// Choice prefixes that first reached a model situation (`SituationExplorer`), whose tails
    /// every `configuration.guidedEvery`-th history re-draws.
    let corpus: [[UInt64]]

    /// The first histories are always fresh: shallow bugs show in them, from the simplest draws.
    static var freshHistories: Int { 256 }

    /// The driver of subjects built by `factory` over `catalog`, as `configuration` says
    /// (profile, policy, checks, start, saved histories and the exploration).
    public init(catalog: Catalog, configuration: CampaignConfiguration, subjectName: String, factory: @escaping SubjectFactory<S>) {
        self.catalog = catalog
        self.configuration = configuration
        self.subjectName = subjectName
        self.factory = factory
        runner = Self.runner(catalog: catalog, configuration: configuration, checks: configuration.checks, factory: factory)
        let rounds = configuration.explorationRounds
        if configuration.guidedEvery > 0, rounds > 0, configuration.histories > Self.freshHistories {
            let explorer = SituationExplorer(
                generator: HistoryGenerator(catalog: catalog, profile: configuration.profile), start: configuration.start)
            let perRound = min(configuration.explorationCases, configuration.histories) / rounds
            corpus = explorer.corpus(seed: configuration.seed, perRound: max(1, perRound), rounds: rounds)
        } else {
            corpus = []
        }
    }

    private init(_ other: AppStoreCases, runner: CaseRunner<S>) {
        catalog = other.catalog
        configuration = other.configuration
        subjectName = other.subjectName
        factory = other.factory
        corpus = other.corpus
        self.runner = runner
    }

    /// A fresh case from `seed.derived(number)`, or for every `guidedEvery`-th history a kept
    /// prefix (drawn from that seed, rarer ones more often) with a tail from that seed.
    public func prepare(_ tc: TestCase, seed campaignSeed: Seed, history number: Int) {
        let seed = campaignSeed.derived(UInt64(number))
        let every = configuration.guidedEvery
        if every > 0, !corpus.isEmpty, number >= Self.freshHistories, number % every == every - 1 {
            // The corpus lists the rarest shapes and situations first: favour them (u³ puts about
            // a fifth of the picks in the first percent of the corpus, which holds thousands).
            let u = Double(SplitMix64.hash(seed.rawValue) >> 11) / Double(1 << 53)
            let index = min(corpus.count - 1, Int(Double(corpus.count) * u * u * u))
            tc.reset(seed: seed, prefix: corpus[index])
        } else {
            tc.reset(seed: seed)
        }
    }

    public func run(_ tc: TestCase, collect: Bool, observe: Bool, number: Int) -> CaseSummary<St, Settings> {
        runner.runRecording(tc, collect: collect, observe: observe, number: number)
    }

    public func verdict(_ tc: TestCase, target: CheckID) -> ShrinkVerdict {
        runner.run(tc).outcome.shrinkVerdict { $0.check == target }
    }

    public func independentCopy() -> AppStoreCases { AppStoreCases(self, runner: runner.independentCopy()) }

    public func excluding(_ reported: Set<CheckID>) -> AppStoreCases {
        var checks = configuration.checks
        checks.alreadyReported = reported
        return AppStoreCases(self, runner: Self.runner(catalog: catalog, configuration: configuration, checks: checks, factory: factory))
    }

    /// The case runner of `configuration`'s profile, start and policy, with `checks`.
    private static func runner(
        catalog: Catalog, configuration: CampaignConfiguration, checks: CheckSelection, factory: @escaping SubjectFactory<S>
    ) -> CaseRunner<S> {
        CaseRunner(
            catalog: catalog, profile: configuration.profile, start: configuration.start, policy: configuration.policy, checks: checks,
            factory: factory)
    }

    public var checkIDs: [CheckID] { configuration.checks.allIDs }

    public func replay(_ history: History) -> ReplayResult {
        Replayer(catalogOverride: nil, policy: nil, checks: runner.checks, factory: factory).replay(history, trace: true)
    }

    public func history(_ failure: Failure, events: [Event], settings: StoreSettings?, schedule: [Int]) -> History {
        History(
            name: "\(failure.check.rawValue)-\(subjectName)", start: configuration.start, catalog: catalog,
            store: settings ?? configuration.profile.fixedSettings, policy: configuration.policy, events: events,
            expect: .fails(check: failure.check.rawValue, atEvent: failure.eventIndex),
            origin: HistoryOrigin(tool: ToolVersion.text, seed: configuration.seed.description, subject: subjectName),
            schedule: schedule)
    }

    public func filling(_ template: History, events: [Event], settings: StoreSettings, schedule: [Int], failure: Failure) -> History {
        var history = template
        history.events = events
        history.store = settings
        history.schedule = schedule
        history.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
        return history
    }

    public func emptyHistory() -> History { History(catalog: catalog, store: configuration.profile.fixedSettings, events: []) }

    public func polish(_ history: History, check: CheckID) -> (found: (History, Failure)?, evaluations: Int) {
        let replayer = Replayer(catalogOverride: nil, policy: nil, checks: runner.checks, factory: factory)
        var polish = HistoryPolish(check: check) { replayer.replay($0).outcome }
        let found = polish.polish(history)
        return (found, polish.evaluations)
    }

    public func encode(_ history: History) -> [UInt64]? {
        var generator = runner.generator
        generator.encodesAims = true
        return try? generator.encode(history)
    }

    /// The shortlex-smaller minimal choices win.
    public static func simpler(_ a: FailureReport, than b: FailureReport) -> Bool {
        ChoiceSequence.shortlexPrecedes(a.minimalChoices, b.minimalChoices)
    }

    public func healthWarnings(_ coverage: CoverageCounts, threshold: Double) -> [HealthWarning] {
        coverage.healthWarnings(
            kinds: configuration.profile.kinds.map(\.kind), subscriptions: catalog.products.contains { $0.type == .autoRenewable },
            threshold: threshold)
    }

    public var savedHistories: [SavedHistory] { configuration.savedHistories }

    public func load(_ folder: FailureStore) throws(FormatError) -> [SavedHistory] { try folder.load(catalog: catalog) }
}

extension Campaign {
    /// An App Store campaign over `catalog` for subjects built by `factory`.
    public init<S: PurchaseSubject>(
        catalog: Catalog, configuration: CampaignConfiguration, subjectName: String, factory: @escaping SubjectFactory<S>
    ) where D == AppStoreCases<S> {
        self.init(
            driver: AppStoreCases(catalog: catalog, configuration: configuration, subjectName: subjectName, factory: factory),
            configuration: configuration, subjectName: subjectName)
    }
}
