import Generators
import PurchaseStateMachine

extension Campaign {
    /// Shrinks the failure found by history `number` to its shortest history that fails the
    /// same check, then replays that history once more (a pass there means *flaky*).
    func shrink(history number: Int, driver: D, historiesRun: Int, firstRun: Failure? = nil) -> StoreFailureReport<D.St> {
        let tc = TestCase(seed: configuration.seed)
        driver.prepare(tc, seed: configuration.seed, history: number)
        let first = driver.run(tc, collect: false, observe: false, number: number)
        guard let original = first.failure else {
            return StoreFailureReport.notRepeated(history: number, firstRun: firstRun, empty: driver.emptyHistory())
        }
        let initial = ChoiceSequence(first.choices)
        let template = driver.history(original, events: first.failingEvents, settings: nil, schedule: first.schedule)
        if first.failingEvents.isEmpty {
            // Before the first event the subject was sent only what starts it, which carries the
            // catalog and the clocks, never a drawn choice: every candidate would fail alike and
            // cost one more run (a hung program's whole timeout each). The store stays the
            // campaign's own, since no drawn store setting was used yet.
            return confirm(
                nil, fallback: (original, template), origin: .generated(afterHistories: historiesRun), originalLength: 0,
                choices: initial.values, driver: driver, replayToken: ReplayToken(initial).text, stop: .beforeFirstEvent)
        }
        let minimized = minimize(initial, spans: first.spans, target: original.check, driver: driver, template: template)
        var history = minimized?.history ?? template
        if minimized == nil {
            let run = driver.run(TestCase(replaying: initial), collect: false, observe: false, number: number)
            if run.failed, let settings = run.settings {
                history = driver.filling(template, events: template.events, settings: settings, schedule: run.schedule, failure: original)
            }
        }
        return confirm(
            minimized, fallback: (original, history), origin: .generated(afterHistories: historiesRun),
            originalLength: first.failingEvents.count, choices: initial.values, driver: driver, replayToken: ReplayToken(initial).text)
    }

    /// The one way a shrink ends, for fresh and saved failures alike: the minimized failure (or
    /// the fallback when minimizing found nothing), renamed after its check and replayed once
    /// more to confirm it.
    func confirm(
        _ minimized: MinimizedFailure<D.St.History>?, fallback: (failure: Failure, history: D.St.History), origin: FailureOrigin,
        originalLength: Int, choices: [UInt64], driver: D, replayToken: String? = nil, stop: ShrinkStop = .notRepeated
    ) -> StoreFailureReport<D.St> {
        let failure = minimized?.failure ?? fallback.failure
        var history = minimized?.history ?? fallback.history
        history.name = "\(failure.check.rawValue)-\(subjectName)"
        return StoreFailureReport.confirmed(
            failure, history: history, replay: driver.replay(history), origin: origin,
            originalLength: originalLength, evaluations: minimized?.evaluations ?? 0,
            stop: minimized.map { .shrinker($0.stop) } ?? stop, choices: minimized?.choices ?? choices,
            replayToken: replayToken)
    }

    /// Looks at up to `shrinkSearchHistories` further histories for more failures, shrinks up
    /// to `shrinkStarts − 1` of them, and keeps the simplest result by the driver's order
    /// (whatever its check: independent starts escape the local minima one greedy shrink can end in).
    func refine(
        _ found: StoreFailureReport<D.St>, after start: Int, in planned: HistoryNumbers, driver: D
    ) -> (best: StoreFailureReport<D.St>, next: Int) {
        var best = found
        var starts = 1
        var evaluations = found.shrinkEvaluations
        var position = start
        let end = min(planned.count, start + configuration.shrinkSearchHistories)
        let tc = TestCase(seed: configuration.seed)
        while starts < configuration.shrinkStarts, position < end, !found.flaky, found.history.events.count > 1 {
            let number = planned[position]
            position += 1
            driver.prepare(tc, seed: configuration.seed, history: number)
            guard driver.run(tc, collect: false, observe: false, number: number).failed else { continue }
            let candidate = shrink(history: number, driver: driver, historiesRun: found.foundAfterHistories ?? 0)
            starts += 1
            evaluations += candidate.shrinkEvaluations
            if !candidate.flaky, D.simpler(candidate, than: best) { best = candidate }
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
