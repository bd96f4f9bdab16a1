import PurchaseStateMachine

/// The model's state at every moment a timeline needs: after each instantaneous event, and
/// inside each `advanceTime` at every instant a subscription changed by itself.
struct TimelineSamples {
    /// One moment: where it is drawn (in slots), the store time, the model then.
    struct Sample {
        var position: Double
        var time: Instant
        var model: StoreModel
    }

    /// Every moment, in time order.
    var samples: [Sample] = []
    /// The model after each event that ran.
    var after: [StoreModel] = []
    /// The store clock before and after each event that ran.
    var spans: [(start: Instant, end: Instant)] = []

    /// Applies the first `count` events of `history` on `catalog`; stops early (keeping what it
    /// has) if the model rejects one, which a history that replayed cannot make it do.
    init(history: History, catalog: Catalog, count: Int) {
        var model = StoreModel(catalog: catalog, settings: history.store, start: history.start)
        var effects = StepEffects()
        for (i, event) in history.events.prefix(count).enumerated() {
            let before = model
            effects.reset()
            do {
                try model.apply(event, into: &effects)
            } catch {
                break
            }
            let start = before.state.now
            let end = model.state.now
            spans.append((start, end))
            after.append(model)
            guard case .advanceTime = event, end > start else {
                samples.append(Sample(position: Double(i), time: end, model: model))
                continue
            }
            samples.append(Sample(position: Double(i), time: start, model: before))
            let length = Double(start.seconds(to: end))
            var walker = before
            while let due = walker.nextScheduledChange(notAfter: end), due < end, due > walker.state.now {
                var ignored = StepEffects()
                let step = ISODuration(seconds: Int(walker.state.now.seconds(to: due)))
                guard (try? walker.apply(.advanceTime(by: step), into: &ignored)) != nil else { break }
                let fraction = Double(start.seconds(to: due)) / length
                samples.append(Sample(position: Double(i) + fraction, time: due, model: walker))
            }
            if walker.nextScheduledChange(notAfter: end) == end {
                // A change exactly at the end of the advance (a period ending at the target
                // renews) would have no width: it gets the slot's last sliver.
                samples.append(Sample(position: Double(i) + Self.endSliver, time: end, model: model))
            }
        }
    }

    /// Where, inside an advance's slot, a change at its very end is drawn.
    static let endSliver = 0.92

    /// Where the samples end, in slots (the number of events that ran).
    var endPosition: Double { Double(after.count) }
}
