import Generators
import PurchaseStateMachine

/// A failure taken as far down as the shrinkers go: its history, failure and choices.
struct MinimizedFailure<H: StoreHistory> {
    /// The minimal history (the template's name, start, catalog and origin; its own events,
    /// settings, schedule and expectation).
    var history: H
    /// How that history fails.
    var failure: Failure
    /// Choices that generate that history (those of the last choice shrink when it cannot be encoded
    /// or was not polished).
    var choices: [UInt64]
    /// Calls made to the subject by every shrinker.
    var evaluations: Int
    /// Why the first choice shrink stopped.
    var stop: ShrinkStopReason
}

extension Campaign {
    /// How many times a polished history is encoded back into choices and shrunk again.
    static var minimizeRounds: Int { 3 }

    /// Shrinks failing choices with the choice shrinker, then polishes the concrete history with
    /// the store's passes (`D.polish`); while polishing makes progress and its result can be encoded
    /// back into choices, shrinks and polishes again. The second round is what joins a change of
    /// product to a change of time: an `advanceTime` near a boundary is encoded as an aim at it, so
    /// lowering the product moves the time with it. Nil when `initial` does not fail `target`.
    func minimize(
        _ initial: ChoiceSequence, spans: [Span], target: CheckID, driver: D, template: D.St.History
    ) -> MinimizedFailure<D.St.History>? {
        var sequence = initial
        var spans = spans
        var best: MinimizedFailure<D.St.History>?
        var evaluations = 0
        for _ in 0..<Self.minimizeRounds {
            let result = Shrinker(configuration: configuration.shrinking).shrink(sequence, spans: spans) { candidate in
                driver.verdict(candidate, target: target)
            }
            evaluations += result.evaluations
            let run = driver.run(TestCase(replaying: result.sequence), collect: false, observe: false, number: 0)
            guard let failure = run.failure, let settings = run.settings else { break }
            let history = driver.filling(template, events: run.failingEvents, settings: settings, schedule: run.schedule, failure: failure)
            var found = MinimizedFailure(
                history: history, failure: failure, choices: result.sequence.values, evaluations: evaluations,
                stop: best?.stop ?? result.stopReason)
            best = found
            guard run.schedule.isEmpty else { break }
            let polished = driver.polish(history, check: failure.check)
            evaluations += polished.evaluations
            found.evaluations = evaluations
            best = found
            if let (shorter, f) = polished.found {
                found.history = shorter
                found.failure = f
            }
            let encoded = driver.encode(found.history)
            if polished.found != nil { found.choices = encoded ?? found.choices }
            best = found
            // Another round only when it can find something new: the polish moved, or the
            // history reads differently as choices (a landing near a boundary now an aim).
            guard let encoded, polished.found != nil || encoded != result.sequence.values else { break }
            let probe = TestCase(replaying: encoded)
            guard driver.verdict(probe, target: target) == .interesting else { break }
            sequence = probe.choiceSequence
            spans = probe.spans
        }
        return best
    }
}

extension Campaign {
    /// Shrinks a saved failing history given as generator choices (`HistoryGenerator.encode`),
    /// with a driver made for that history's start and policy; nil when those choices do not fail.
    func shrinkSaved(_ saved: D.St.History, choices values: [UInt64]) -> StoreFailureReport<D.St>? {
        let probe = TestCase(replaying: values)
        let run = driver.run(probe, collect: false, observe: false, number: 0)
        guard let original = run.failure else { return nil }
        var template = saved
        template.events = run.failingEvents
        guard let minimized = minimize(probe.choiceSequence, spans: probe.spans, target: original.check, driver: driver, template: template)
        else { return nil }
        return confirm(
            minimized, fallback: (original, template), origin: .givenHistory, originalLength: run.failingEvents.count,
            choices: values, driver: driver)
    }
}

extension Campaign {
    /// Shrinks a saved failing history by the store's own polish passes alone (a file that the
    /// generator cannot encode carries events, not the choices that drew them), keeping its failing
    /// check; nil when it does not fail. The minimal history is replayed once more (a pass there is *flaky*).
    func polishSaved(_ history: D.St.History) -> StoreFailureReport<D.St>? {
        guard let original = driver.replay(history).failure else { return nil }
        var start = history
        start.events = Array(history.events.prefix(max(0, original.eventIndex + 1)))
        start.expect = .fails(check: original.check.rawValue, atEvent: original.eventIndex)
        let polished = driver.polish(start, check: original.check)
        let (minimal, failure) = polished.found ?? (start, original)
        var report = confirm(
            nil, fallback: (failure, minimal), origin: .givenHistory, originalLength: history.events.count, choices: [], driver: driver,
            stop: .noEventDeletable)
        report.shrinkEvaluations = polished.evaluations
        return report
    }
}
