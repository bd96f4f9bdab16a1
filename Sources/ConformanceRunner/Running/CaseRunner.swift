import Generators
import PurchaseStateMachine

/// Generates a history from a test case's choices while running it against a fresh subject.
///
/// Events are drawn one at a time from the model's current state and executed at once, so
/// the history stops at its first failure and every event is valid where it stands.
struct CaseRunner<S: PurchaseSubject>: Sendable {
    let catalog: Catalog
    let generator: HistoryGenerator
    let start: Instant
    let policy: AppPolicy
    let checks: CheckSelection
    let factory: SubjectFactory<S>

    init(
        catalog: Catalog, profile: GenerationProfile, start: Instant, policy: AppPolicy, checks: CheckSelection,
        factory: @escaping SubjectFactory<S>
    ) {
        self.catalog = catalog
        self.generator = HistoryGenerator(catalog: catalog, profile: profile)
        self.start = start
        self.policy = policy
        self.checks = checks
        self.factory = factory
    }

    /// A copy sharing no reference-counted storage with this one, for another thread: two cores
    /// retaining and releasing the same catalog or profile object on every event would fight
    /// over its cache line.
    func independentCopy() -> CaseRunner {
        var profile = generator.profile
        profile.kinds = profile.kinds.map { $0 }
        profile.advanceUnits = profile.advanceUnits.map { $0 }
        profile.continueProbabilities = profile.continueProbabilities.map { $0 }
        profile.appActions = profile.appActions.map { $0 }
        let catalog = self.catalog.independentCopy()
        return CaseRunner(catalog: catalog, profile: profile, start: start, policy: policy, checks: checks, factory: factory)
    }

    /// Runs the case; `statistics`, when given, counts what the case exercised.
    func run(_ tc: TestCase, statistics: UnsafeMutablePointer<CoverageCounts>? = nil) -> CaseRun {
        let setup: HistoryGenerator.Setup
        do { setup = try generator.drawSetup(tc) } catch { return .stopped(error) }
        var execution: HistoryExecution<S>
        let decisions = ScheduleDecisions(.testCase(tc))
        do {
            execution = try HistoryExecution(
                catalog: catalog, settings: setup.settings, start: start, policy: policy, checks: checks,
                factory: factory, recordTrace: false, decisions: decisions)
        } catch {
            if decisions.overran { return .stopped(.overrun) }
            return CaseRun(outcome: .failed(error), settings: setup.settings, schedule: decisions.made)
        }
        statistics?.pointee.recordStore(setup.settings)
        defer { statistics?.pointee.endHistory() }
        var events: [Event] = []
        events.reserveCapacity(generator.profile.maxEvents)
        let maxEvents = generator.profile.maxEvents
        while events.count < maxEvents {
            tc.startSpan(HistoryGenerator.eventSpan)
            var drawn: DrawnEvents
            do {
                guard try tc.drawBool(probability: setup.continueProbability) else {
                    tc.endSpan()
                    break
                }
                drawn = try generator.drawEvents(tc, setup: setup, model: execution.model, room: maxEvents - events.count)
            } catch {
                tc.endSpan()
                return .stopped(error)
            }
            tc.endSpan()
            while let event = drawn.next() {
                events.append(event)
                let outcome = execution.step(event)
                if decisions.overran { return .stopped(.overrun) }
                switch outcome {
                case .passed:
                    statistics?.pointee.record(event: event, model: execution.model)
                case .failed:
                    execution.finish()
                    return CaseRun(outcome: outcome, events: events, settings: setup.settings, schedule: decisions.made)
                case .rejected, .stopped:
                    return CaseRun(outcome: outcome, events: events, settings: setup.settings)
                }
            }
        }
        execution.finish()
        return CaseRun(outcome: .passed, events: events, settings: setup.settings)
    }
}
