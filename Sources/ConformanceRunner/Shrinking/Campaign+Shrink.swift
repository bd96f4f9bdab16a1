import Generators
import PurchaseStateMachine

extension Campaign {
    /// Shrinks the failure found by history `number` to its shortest history that fails the
    /// same check, then replays that history once more (a pass there means *flaky*).
    func shrink(history number: Int, runner: CaseRunner<S>, historiesRun: Int, firstRun: Failure? = nil) -> FailureReport {
        let tc = TestCase(seed: configuration.seed)
        prepare(tc, history: number)
        let first = runner.runRecording(tc, collect: false)
        guard let original = first.failure else {
            return FailureReport.notRepeated(
                history: number, firstRun: firstRun, catalog: catalog, store: configuration.profile.fixedSettings)
        }
        let initial = ChoiceSequence(first.choices)
        let template = History(
            name: "\(original.check.rawValue)-\(subjectName)", start: configuration.start, catalog: catalog,
            store: configuration.profile.fixedSettings, policy: configuration.policy, events: first.failingEvents,
            expect: .fails(check: original.check.rawValue, atEvent: original.eventIndex),
            origin: HistoryOrigin(tool: ToolVersion.text, seed: configuration.seed.description, subject: subjectName),
            schedule: first.schedule)
        if first.failingEvents.isEmpty {
            // Before the first event the subject was sent only `start` and `launch`, which carry the
            // catalog and the clocks, never a drawn choice: every candidate would fail alike and
            // cost one more run (a hung program's whole timeout each). The store stays the
            // campaign's own, since no drawn store setting was used yet.
            return confirm(
                nil, fallback: (original, template), origin: .generated(afterHistories: historiesRun), originalLength: 0,
                choices: initial.values, runner: runner, replayToken: ReplayToken(initial).text, stop: .beforeFirstEvent)
        }
        let minimized = minimize(initial, spans: first.spans, target: original.check, runner: runner, template: template)
        var history = minimized?.history ?? template
        if minimized == nil {
            let run = runner.run(TestCase(replaying: initial))
            if case .failed = run.outcome, let settings = run.settings { history.store = settings }
        }
        return confirm(
            minimized, fallback: (original, history), origin: .generated(afterHistories: historiesRun),
            originalLength: first.failingEvents.count, choices: initial.values, runner: runner, replayToken: ReplayToken(initial).text)
    }

    /// The one way a shrink ends, for fresh and saved failures alike: the minimized failure (or
    /// the fallback when minimizing found nothing), renamed after its check and replayed once
    /// more to confirm it.
    func confirm(
        _ minimized: MinimizedFailure?, fallback: (failure: Failure, history: History), origin: FailureOrigin,
        originalLength: Int, choices: [UInt64], runner: CaseRunner<S>, replayToken: String? = nil, stop: ShrinkStop = .notRepeated
    ) -> FailureReport {
        let failure = minimized?.failure ?? fallback.failure
        var history = minimized?.history ?? fallback.history
        history.name = "\(failure.check.rawValue)-\(subjectName)"
        let replayer = Replayer(catalogOverride: nil, policy: nil, checks: runner.checks, factory: factory)
        return FailureReport.confirmed(
            failure, history: history, replay: replayer.replay(history, trace: true), origin: origin,
            originalLength: originalLength, evaluations: minimized?.evaluations ?? 0,
            stop: minimized.map { .shrinker($0.stop) } ?? stop, choices: minimized?.choices ?? choices,
            replayToken: replayToken)
    }

    /// Looks at up to `shrinkSearchHistories` further histories for more failures, shrinks up
    /// to `shrinkStarts − 1` of them, and keeps the shortlex-smallest result (whatever its check:
    /// independent starts escape the local minima one greedy shrink can end in).
    func refine(_ found: FailureReport, after start: Int, in planned: HistoryNumbers, runner: CaseRunner<S>) -> (best: FailureReport, next: Int) {
        var best = found
        var starts = 1
        var evaluations = found.shrinkEvaluations
        var position = start
        let end = min(planned.count, start + configuration.shrinkSearchHistories)
        let tc = TestCase(seed: configuration.seed)
        while starts < configuration.shrinkStarts, position < end, !found.flaky, found.history.events.count > 1 {
            let number = planned[position]
            position += 1
            prepare(tc, history: number)
            guard runner.runRecording(tc, collect: false).failed else { continue }
            let candidate = shrink(history: number, runner: runner, historiesRun: found.foundAfterHistories ?? 0)
            starts += 1
            evaluations += candidate.shrinkEvaluations
            if !candidate.flaky, ChoiceSequence.shortlexPrecedes(candidate.minimalChoices, best.minimalChoices) {
                best = candidate
            }
        }
        best.shrinkStarts = starts
        best.shrinkEvaluations = evaluations
        best.originalLength = found.originalLength
        best.replayToken = found.replayToken
        return (best, position)
    }
}

/// The tool's name and version, written into the histories it saves.
public enum ToolVersion {
    /// `purchase-conformance` and its version.
    public static let text = "purchase-conformance 0.1.0"
}

extension Campaign {
    /// Shrinks a saved failing history given as generator choices (`HistoryGenerator.encode`);
    /// nil when those choices do not fail.
    func shrinkSaved(_ saved: History, choices values: [UInt64]) -> FailureReport? {
        let runner = CaseRunner(
            catalog: catalog, profile: configuration.profile, start: saved.start, policy: saved.policy,
            checks: configuration.checks, factory: factory)
        let probe = TestCase(replaying: values)
        let run = runner.run(probe)
        guard case .failed(let original) = run.outcome else { return nil }
        let events = run.events
        var template = saved
        template.events = events
        guard
            let minimized = minimize(
                probe.choiceSequence, spans: probe.spans, target: original.check, runner: runner, template: template)
        else { return nil }
        return confirm(
            minimized, fallback: (original, template), origin: .givenHistory, originalLength: events.count,
            choices: values, runner: runner)
    }
}
