import Generators
import PurchaseStateMachine

extension HistoryGenerator {
    /// Draws one event span's events (the caller has opened its span and drawn its coin): one
    /// event; for a billing change timed against a boundary, the advance that times it and the
    /// change ("billing fixed on the day grace ends"); for a change the store acts on later, the
    /// change and perhaps the advance to where it takes effect ("cancelled, then the last second
    /// of the period", "billing failing, then the renewal"). `room` is how many more events the
    /// history may take.
    func drawEvents(_ tc: TestCase, setup: Setup, model: StoreModel, room: Int) throws(GenerationStop) -> DrawnEvents {
        let event = try drawEvent(tc, setup: setup, model: model)
        var drawn = DrawnEvents(event: event)
        guard room >= 2 else { return drawn }
        if case .setBilling = event, let lead = try drawBoundaryAdvance(tc, model: model) {
            drawn.lead = lead
        }
        // The coin is drawn against the model before the span, so the model after the change is
        // only worked out when the span does advance (no copy of the store on most draws).
        if Self.takesEffectLater(event), room >= (drawn.lead == nil ? 2 : 3), drawsBoundaryChoice(in: model),
            try tc.drawBool(probability: profile.boundaryProbability)
        {
            let before = drawn.lead.flatMap { Self.applying(.advanceTime(by: $0), to: model) } ?? model
            if let after = Self.applying(event, to: before), case let boundaries = after.upcomingBoundaries, !boundaries.isEmpty {
                drawn.trail = advance(to: try drawAim(tc, at: boundaries), in: after)
            }
        }
        return drawn
    }

    /// Whether `event` is a change the store acts on at a later boundary (auto-renew off lapses at
    /// the period's end, failing billing fails the next renewal), so its span may advance there.
    static func takesEffectLater(_ event: Event) -> Bool {
        switch event {
        case .setAutoRenew(_, enabled: false), .setBilling(ok: false): return true
        default: return false
        }
    }

    /// `model` after `event`, or nil when the model rejects it.
    static func applying(_ event: Event, to model: StoreModel) -> StoreModel? {
        var after = model
        return (try? after.apply(event)) == nil ? nil : after
    }
}
