import PurchaseStateMachine

/// Named passes over a concrete Play history, run after the choice-sequence shrink: they make
/// moves a generator's choices cannot express in one step. Each candidate is replayed against
/// the subject and kept only if it fails the same check.
///
/// Passes, in order, each keeping its loop index valid as the history shrinks:
/// 1. `deleteEvent`: drop one event, then two adjacent ones (a `background` and its `resumeApp`).
/// 2. `mergeTime`: two adjacent `advanceTime` become one with the summed duration.
/// 3. `lowerTime`: an `advanceTime` becomes the time to an earlier boundary of the model
///    (an acknowledgement deadline, a renewal, the end of grace, hold or a pause).
/// 4. `sortEvents`: two adjacent events swap when the later one is of a simpler kind.
/// 5. `defaultVariations`: a store variation goes back to its default (a variation that changes
///    what the generator draws, such as V-ADDONS, cannot be lowered on the choice sequence).
/// 6. `fewerEventsInOneVariation`: for a short history, one event goes and the store becomes the
///    defaults with at most one variation (axes and values in registry order): the same mistake
///    shown by fewer events in another legal store (a late RTDN and a redelivered one both show a
///    double credit; the redelivery needs one event less).
/// 7. `simplerPurchases`: a purchase of several units buys one, a purchase with an add-on buys the
///    base plan alone, one through an offer or a named purchase option goes without them, a quantity-based refund refunds the whole purchase, and a forged purchase or
///    a promo redemption becomes an ordinary purchase of the item (choices the generator draws
///    beside others, which its shrink cannot always lower alone).
/// The rounds stop at a fixed point or after `maxRounds`; the budget caps replays.
struct PlayHistoryShrinker {
    let check: CheckID
    let replay: (PlayHistory) -> Failure?
    var evaluations = 0
    /// The failure of the latest history kept, nil while none was.
    var failure: Failure?
    var budget = 1_500
    var maxRounds = 8

    /// The smallest history found from `history` (which must fail `check`).
    mutating func shrink(_ history: PlayHistory) -> PlayHistory {
        var best = history
        for _ in 0..<maxRounds {
            let before = best
            deleteEvents(&best)
            mergeTime(&best)
            lowerTime(&best)
            sortEvents(&best)
            defaultVariations(&best)
            fewerEventsInOneVariation(&best)
            simplerPurchases(&best)
            if (best.events, best.variations) == (before.events, before.variations) || evaluations >= budget { break }
        }
        return best
    }

    /// Replays `candidate`; keeps it (cut after its failing event) if the model accepts every
    /// event and it fails the same check.
    private mutating func accept(_ candidate: PlayHistory, into best: inout PlayHistory) -> Bool {
        guard evaluations < budget, candidate.events != best.events || candidate.variations != best.variations else { return false }
        // A history the model rejects is not smaller, it is invalid: `replay` must say nil for one
        // the subject's replies make impossible (`PlayCases.replay`), and this skips the rest early.
        guard (try? candidate.validate()) != nil else { return false }
        evaluations += 1
        guard let failure = replay(candidate), failure.check == check, failure.eventIndex >= -1 else { return false }
        var kept = candidate
        kept.events = Array(candidate.events.prefix(failure.eventIndex + 1))
        kept.expect = .fails(check: check.rawValue, atEvent: failure.eventIndex)
        best = kept
        self.failure = failure
        return true
    }

    private mutating func deleteEvents(_ best: inout PlayHistory) {
        var i = 0
        while i < best.events.count {
            var candidate = best
            candidate.events.remove(at: i)
            if !accept(candidate, into: &best) { i += 1 }
        }
        // Then adjacent pairs, which only go together (`background` and its `resumeApp`).
        i = 0
        while i + 1 < best.events.count {
            var candidate = best
            candidate.events.removeSubrange(i...(i + 1))
            if !accept(candidate, into: &best) { i += 1 }
        }
    }

    private mutating func mergeTime(_ best: inout PlayHistory) {
        var i = 0
        while i + 1 < best.events.count {
            if case .advanceTime(let a) = best.events[i], case .advanceTime(let b) = best.events[i + 1] {
                var candidate = best
                candidate.events[i] = .advanceTime(by: PlayHistoryGenerator.duration(seconds: Int(a.exactSeconds + b.exactSeconds)))
                candidate.events.remove(at: i + 1)
                if a.totalMonths == 0, b.totalMonths == 0, accept(candidate, into: &best) { continue }
            }
            i += 1
        }
    }

    private mutating func lowerTime(_ best: inout PlayHistory) {
        var i = 0
        while i < best.events.count {
            defer { i += 1 }
            guard case .advanceTime(let d) = best.events[i] else { continue }
            var model = best.makeModel()
            _ = model.start()
            for event in best.events[..<i] { _ = try? model.apply(event) }
            let end = model.now.adding(d)
            var targets: [Int] = []
            model.walkBoundaries(before: end, limit: 6) { when, _ in targets.append(Int(model.now.seconds(to: when))) }
            for seconds in targets where seconds > 0 {
                var candidate = best
                candidate.events[i] = .advanceTime(by: PlayHistoryGenerator.duration(seconds: seconds))
                if accept(candidate, into: &best) { break }
            }
        }
    }

    private mutating func sortEvents(_ best: inout PlayHistory) {
        var i = 0
        while i + 1 < best.events.count {
            defer { i += 1 }
            guard Self.rank(best.events[i + 1]) < Self.rank(best.events[i]) else { continue }
            var candidate = best
            candidate.events.swapAt(i, i + 1)
            _ = accept(candidate, into: &best)
        }
    }

    private mutating func defaultVariations(_ best: inout PlayHistory) {
        for axis in PlayVariationAxis.all where axis.value(in: best.variations) != axis.domain[0] {
            var candidate = best
            axis.setValue(axis.domain[0], in: &candidate.variations)
            _ = accept(candidate, into: &best)
        }
    }

    /// The stores with at most one variation, the defaults first, then axis by axis and value by value.
    static let singleVariationStores: [PlayVariations] = [PlayVariations()] + PlayVariationAxis.all.flatMap { axis in
        axis.domain.dropFirst().map { value in
            var v = PlayVariations()
            axis.setValue(value, in: &v)
            return v
        }
    }

    private mutating func fewerEventsInOneVariation(_ best: inout PlayHistory) {
        guard best.events.count > 1, best.events.count <= 4 else { return }
        for i in best.events.indices {
            for store in Self.singleVariationStores {
                var candidate = best
                candidate.events.remove(at: i)
                candidate.variations = store
                if accept(candidate, into: &best) { return }
            }
        }
    }

    private mutating func simplerPurchases(_ best: inout PlayHistory) {
        for i in best.events.indices where i < best.events.count {
            var simpler: [PlayEvent] = []
            switch best.events[i] {
            case .purchase(let request):
                // One unit, no add-on, no offer, the product's only purchase option.
                var one = request, alone = request, plain = request, unnamed = request
                one.quantity = 1
                alone.addOn = nil
                plain.offer = nil
                unnamed.option = nil
                unnamed.offer = nil
                simpler += [one, alone, plain, unnamed].filter { $0 != request }.map { .purchase($0) }
            case .void(let token, let cause, .some):
                simpler.append(.void(token: token, cause: cause, quantity: nil))
            case .forgedPurchase(let item), .redeemPromo(let item):
                simpler.append(.purchase(PlayPurchaseRequest(item: item)))  // the simplest kind that buys the same item
            default:
                continue
            }
            for event in simpler {
                var candidate = best
                candidate.events[i] = event
                if accept(candidate, into: &best) { break }
            }
        }
    }

    /// An event kind's place in the generator's order (simpler kinds first).
    static func rank(_ event: PlayEvent) -> Int {
        PlayHistoryGenerator.weights.firstIndex { $0.0 == event.kind } ?? PlayHistoryGenerator.weights.count
    }
}
