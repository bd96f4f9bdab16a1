import Generators
import PurchaseStateMachine

/// Google Play's side of a campaign for a `PlaySubject`: histories drawn by
/// `PlayHistoryGenerator`, run by `PlayExecution`, polished by `PlayHistoryShrinker`.
public struct PlayCases<S: PlaySubject>: CaseDriver {
    public typealias St = GooglePlayStore
    public typealias Settings = PlayVariations

    /// The products.
    public let catalog: PlayCatalog
    /// Which one-time products the app consumes.
    public let policy: PlayPolicy
    /// How histories are drawn (over `catalog`).
    public let generator: PlayHistoryGenerator
    /// Checks switched off (`--skip-checks`); `subject-responds` always runs.
    public private(set) var skipping: [PlayCheck]
    private let checks: [CheckID]
    /// Google's clock at event 0.
    public var start: Instant = .defaultStart
    let seed: Seed
    let subjectName: String
    let factory: PlaySubjectFactory<S>

    /// The driver of subjects built by `factory`, with histories drawn by `generator` (over its
    /// catalog; the example catalog's when nil) and the checks in `skipping` off.
    public init(
        generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = [], seed: Seed,
        subjectName: String, factory: @escaping PlaySubjectFactory<S>
    ) {
        self.generator = generator ?? PlayHistoryGenerator(catalog: .example)
        catalog = self.generator.catalog
        self.policy = policy
        self.skipping = skipping
        checks = PlayCheck.builtIn.filter { $0 == .subjectResponds || !skipping.contains($0) }.map(\.id)
        self.seed = seed
        self.subjectName = subjectName
        self.factory = factory
    }

    public func prepare(_ tc: TestCase, seed: Seed, history number: Int) { tc.reset(seed: seed.derived(UInt64(number))) }

    public func run(_ tc: TestCase, collect: Bool, observe: Bool, number: Int) -> CaseSummary<St, Settings> {
        let clock = ContinuousClock()
        let began = clock.now
        var coverage = collect || observe ? PlayCoverage() : nil
        let (outcome, events, variations) = run(tc, coverage: &coverage)
        var summary = CaseSummary<St, Settings>()
        switch outcome {
        case .passed:
            summary.events = events.count
        case .failed(let failure):
            summary.events = events.count
            summary.keepFailure(failure, events: events, settings: variations, schedule: [], choices: tc.choices, spans: tc.spans)
        case .stopped, .rejected: break
        }
        var observation: CaseObservation?
        if observe {
            var o = CaseObservation(
                status: .passed, statusReason: "", events: events.map(\.compact), historyNumber: number,
                howGenerated: "generated (history \(number))", features: coverage?.features ?? [], failingChecks: [],
                failedAtEvent: nil, seconds: (clock.now - began).seconds)
            if case .failed(let failure) = outcome { o.recordFailure(failure) } else { o.recordGivingUp(outcome) }
            observation = o
        }
        if collect || observe { summary.keep(coverage: collect ? coverage : nil, observation: observation) }
        return summary
    }

    /// Draws and runs one case, counting what it exercised into `coverage` when there is one.
    private func run(_ tc: TestCase, coverage: inout PlayCoverage?) -> (PlayRunOutcome, [PlayEvent], PlayVariations?) {
        let variations: PlayVariations
        do { variations = try generator.drawVariations(tc) } catch { return (.stopped(error), [], nil) }
        coverage?.record(variations)
        var execution: PlayExecution<S>
        do {
            execution = try PlayExecution(
                catalog: catalog, variations: variations, start: start, policy: policy, factory: factory, skipping: skipping)
        } catch {
            return (.failed(error), [], variations)
        }
        var events: [PlayEvent] = []
        for _ in 0..<generator.maxEvents {
            let event: PlayEvent
            do {
                guard let next = try tc.drawNextEvent(PlayHistoryGenerator.eventSpan, continueProbability: generator.continueProbability, {
                    () throws(GenerationStop) in try generator.drawEvent(tc, model: execution.model)
                }) else { break }
                event = next
            } catch {
                return (.stopped(error), events, variations)
            }
            events.append(event)
            let outcome = execution.step(event)
            coverage?.record(event, model: execution.model)
            guard case .passed = outcome else { return (outcome, events, variations) }
        }
        return (.passed, events, variations)
    }

    public func verdict(_ tc: TestCase, target: CheckID) -> ShrinkVerdict {
        var none: PlayCoverage?
        return run(tc, coverage: &none).0.shrinkVerdict { $0.check == target }
    }

    public func independentCopy() -> PlayCases { self }

    public func excluding(_ reported: Set<CheckID>) -> PlayCases {
        var copy = self
        // A reported check is switched off, so a later one can name a failure at the same event;
        // the tool's Replay line skips the same checks.
        copy.skipping = PlayCheck.builtIn.filter { skipping.contains($0) || reported.contains($0.id) }
        return copy
    }

    public var checkIDs: [CheckID] { checks }


    public func history(_ failure: Failure, events: [PlayEvent], settings: PlayVariations?, schedule: [Int]) -> PlayHistory {
        PlayHistory(
            name: "\(failure.check.rawValue)-\(subjectName)", start: start, catalog: catalog, variations: settings ?? PlayVariations(),
            policy: policy, events: events, expect: .fails(check: failure.check.rawValue, atEvent: failure.eventIndex),
            origin: HistoryOrigin(tool: ToolVersion.text, seed: seed.description, subject: subjectName))
    }

    public func filling(
        _ template: PlayHistory, events: [PlayEvent], settings: PlayVariations, schedule: [Int], failure: Failure
    ) -> PlayHistory {
        var history = template
        history.events = events
        history.variations = settings
        history.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
        return history
    }

    public func emptyHistory() -> PlayHistory {
        PlayHistory(start: start, catalog: catalog, variations: PlayVariations(), policy: policy, events: [])
    }

    public func polish(_ history: PlayHistory, check: CheckID) -> (found: (PlayHistory, Failure)?, evaluations: Int) {
        var passes = PlayHistoryShrinker(check: check) { replay($0).failure }
        let shrunk = passes.shrink(history)
        return (passes.failure.map { (shrunk, $0) }, passes.evaluations)
    }

    /// A Play history is not encoded back into choices: its polish is the last step.
    public func encode(_ history: PlayHistory) -> [UInt64]? { nil }

    /// Fewer events, then simpler kinds, then smaller spellings, then fewer varied settings win.
    public static func simpler(_ a: PlayFailureReport, than b: PlayFailureReport) -> Bool { a.history.precedes(b.history) }

    public func healthWarnings(_ coverage: PlayCoverage, threshold: Double) -> [HealthWarning] { [] }

    public var savedHistories: [SavedStoreHistory<PlayHistory>] { [] }

    public func load(_ folder: FailureStore) throws(FormatError) -> [SavedStoreHistory<PlayHistory>] {
        try folder.load(GooglePlayStore.self)
    }
}
extension PlayHistory {
    /// Whether this history is simpler than `other`: fewer events, then simpler kinds, then
    /// smaller compact spellings, then fewer varied store settings.
    func precedes(_ other: PlayHistory) -> Bool {
        if events.count != other.events.count { return events.count < other.events.count }
        let ranks = events.map(PlayHistoryShrinker.rank), otherRanks = other.events.map(PlayHistoryShrinker.rank)
        if ranks != otherRanks { return ranks.lexicographicallyPrecedes(otherRanks) }
        let text = events.map(\.compact), otherText = other.events.map(\.compact)
        if text != otherText { return text.lexicographicallyPrecedes(otherText) }
        return variations.json.rendered().count < other.variations.json.rendered().count
    }
}

extension Campaign {
    /// A Google Play campaign for subjects built by `factory`, histories drawn by `generator`
    /// (the example catalog's when nil), the app consuming what `policy` says, the checks in
    /// `skipping` off; a subject in another process always runs on one thread.
    public init<S: PlaySubject>(
        play generator: PlayHistoryGenerator? = nil, policy: PlayPolicy = .example, skipping: [PlayCheck] = [],
        configuration: CampaignConfiguration, subjectName: String, factory: @escaping PlaySubjectFactory<S>
    ) where D == PlayCases<S> {
        var driver = PlayCases(
            generator: generator, policy: policy, skipping: skipping, seed: configuration.seed, subjectName: subjectName, factory: factory)
        driver.start = configuration.start
        var configuration = configuration
        if S.self is PlayExternalSubject.Type { configuration.parallelism = 1 }
        self.init(driver: driver, configuration: configuration, subjectName: subjectName)
    }
}

extension CampaignConfiguration {
    /// A Google Play campaign's configuration: `histories` from `seed` on every core, with five
    /// independent shrink starts looked for in the next 400 histories (a Play minimal history is
    /// not encoded back into choices for a second round, so more starts stand in for it).
    public static func play(seed: Seed, histories: Int, threads: Int = CampaignConfiguration.availableCores) -> CampaignConfiguration {
        CampaignConfiguration(histories: histories, seed: seed, parallelism: threads, shrinkStarts: 5, shrinkSearchHistories: 400)
    }
}
