import Generators
import PurchaseStateMachine

/// A failure taken as far down as the shrinkers go: its history, failure and choices.
struct MinimizedFailure {
    /// The minimal history (the template's name, start, catalog and origin; its own events,
    /// store, schedule and expectation).
    var history: History
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

    /// Shrinks failing choices with the choice shrinker, then polishes the concrete history
    /// (`HistoryPolish`); while polishing makes progress and its result can be encoded back into
    /// choices, shrinks and polishes again. The second round is what joins a change of product to
    /// a change of time: an `advanceTime` near a boundary is encoded as an aim at it, so lowering
    /// the product moves the time with it. Nil when `initial` does not fail `target`.
    func minimize(
        _ initial: ChoiceSequence, spans: [Span], target: CheckID, runner: CaseRunner<S>, template: History
    ) -> MinimizedFailure? {
        let replayer = Replayer(catalogOverride: nil, policy: nil, checks: runner.checks, factory: factory)
        var sequence = initial
        var spans = spans
        var best: MinimizedFailure?
        var evaluations = 0
        for _ in 0..<Self.minimizeRounds {
            let result = Shrinker(configuration: configuration.shrinking).shrink(sequence, spans: spans) { candidate in
                runner.run(candidate).outcome.shrinkVerdict { $0.check == target }
            }
            evaluations += result.evaluations
            let run = runner.run(TestCase(replaying: result.sequence))
            guard case .failed(let failure) = run.outcome, let settings = run.settings else { break }
            let events = run.events, schedule = run.schedule
            var history = template
            history.events = events
            history.store = settings
            history.schedule = schedule
            history.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
            var found = MinimizedFailure(
                history: history, failure: failure, choices: result.sequence.values, evaluations: evaluations,
                stop: best?.stop ?? result.stopReason)
            best = found
            guard schedule.isEmpty else { break }
            var polish = HistoryPolish(check: failure.check) { replayer.replay($0).outcome }
            let polished = polish.polish(history)
            evaluations += polish.evaluations
            found.evaluations = evaluations
            best = found
            if let (shorter, f) = polished {
                found.history = shorter
                found.failure = f
            }
            var generator = runner.generator
            generator.encodesAims = true
            let encoded = try? generator.encode(found.history)
            if polished != nil { found.choices = encoded ?? found.choices }
            best = found
            // Another round only when it can find something new: the polish moved, or the
            // history reads differently as choices (a landing near a boundary now an aim).
            guard let encoded, polished != nil || encoded != result.sequence.values else { break }
            let probe = TestCase(replaying: encoded)
            guard let again = runner.run(probe).outcome.failure, again.check == target else { break }
            sequence = probe.choiceSequence
            spans = probe.spans
        }
        return best
    }
}
