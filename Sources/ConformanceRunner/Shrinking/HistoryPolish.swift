import PurchaseStateMachine

/// Shrink passes over the concrete events of a failing history, run after the choice-sequence
/// shrinker for what choices cannot express well: each pass makes the history strictly smaller
/// (fewer events, or the same events with less time) and keeps a candidate only when it still
/// fails the same check (issue 11).
///
/// Passes, in order: delete one event, re-mapping later transaction references (`refund(#n)`)
/// past the transactions it created and dropping the ones that pointed at them; merge adjacent
/// `advanceTime`s into one; replace an Ask to Buy pending purchase and the approval that
/// completes it with a plain purchase; advance time by less (without its part of a day, by half
/// as many days, or by a day less). A candidate the model rejects is simply not interesting.
struct HistoryPolish {
    let check: CheckID
    let replay: (History) -> StoreRunOutcome
    var budget = 400
    var evaluations = 0

    init(check: CheckID, budget: Int = 400, replay: @escaping (History) -> StoreRunOutcome) {
        self.check = check
        self.budget = budget
        self.replay = replay
    }

    /// The shortest history the passes reach from `history` (which must fail `check`), with its
    /// failure; nil when no pass made progress.
    mutating func polish(_ history: History) -> (History, Failure)? {
        var best = history
        var failure: Failure?
        var progressed = true
        while progressed, evaluations < budget {
            progressed = false
            for candidate in candidates(best) {
                guard evaluations < budget else { break }
                evaluations += 1
                if case .failed(let f) = replay(candidate), f.check == check {
                    best = candidate
                    best.events = Array(candidate.events.prefix(f.eventIndex + 1))
                    failure = f
                    progressed = true
                    break
                }
            }
        }
        guard let failure else { return nil }
        best.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
        return (best, failure)
    }

    /// Every strictly smaller candidate of the passes, in pass order.
    func candidates(_ history: History) -> [History] {
        var out: [History] = []
        let created = transactionsCreated(history)
        for i in history.events.indices.reversed() {
            if let events = Self.deleting(i, from: history.events, created: created) { out.append(with(history, events)) }
        }
        for i in history.events.indices.dropLast() {
            if case .advanceTime(let a) = history.events[i], case .advanceTime(let b) = history.events[i + 1] {
                var events = history.events
                events.replaceSubrange(i...(i + 1), with: [.advanceTime(by: Self.sum(a, b))])
                out.append(with(history, events))
            }
        }
        for i in history.events.indices {
            guard case .purchase(var purchase) = history.events[i], purchase.outcome == .pending else { continue }
            purchase.outcome = .success
            for j in history.events.indices where j > i {
                guard case .askToBuy(_, true) = history.events[j] else { continue }
                var events = history.events
                events[i] = .purchase(purchase)
                events.remove(at: j)
                out.append(with(history, events))
            }
        }
        for i in history.events.indices {
            guard case .advanceTime(let duration) = history.events[i] else { continue }
            for shorter in Self.shorter(duration) {
                var events = history.events
                events[i] = .advanceTime(by: shorter)
                out.append(with(history, events))
            }
        }
        return out
    }

    /// Forward spans shorter than `d`: without its hours, minutes and seconds when it also has
    /// days or more, half as many days (whole days only), and a day less when it has two days or more.
    static func shorter(_ d: ISODuration) -> [ISODuration] {
        guard !d.isNegative else { return [] }
        var out: [ISODuration] = []
        let calendarPart = d.years != 0 || d.months != 0 || d.weeks != 0 || d.days != 0
        if calendarPart, d.hours != 0 || d.minutes != 0 || d.seconds != 0 {
            out.append(ISODuration(years: d.years, months: d.months, weeks: d.weeks, days: d.days))
        }
        let daysOnly = d.years == 0 && d.months == 0 && d.weeks == 0 && d.hours == 0 && d.minutes == 0 && d.seconds == 0
        if daysOnly, d.days >= 4 { out.append(.days(d.days / 2)) }
        if d.days >= 2 {
            out.append(
                ISODuration(
                    years: d.years, months: d.months, weeks: d.weeks, days: d.days - 1, hours: d.hours, minutes: d.minutes,
                    seconds: d.seconds))
        }
        return out
    }

    func with(_ history: History, _ events: [Event]) -> History {
        var copy = history
        copy.events = events
        copy.schedule = []
        return copy
    }

    /// How many transactions each event created when the history ran on the model.
    func transactionsCreated(_ history: History) -> [Int] {
        var model = history.makeModel()
        var effects = StepEffects()
        var counts: [Int] = []
        for event in history.events {
            let before = model.state.transactionCount
            effects.reset()
            do { try model.apply(event, into: &effects) } catch { break }
            counts.append(model.state.transactionCount - before)
        }
        return counts
    }

    /// The events without event `i`, later references to transactions renumbered past the ones
    /// it created; a later event that refers to one of those goes with it.
    static func deleting(_ i: Int, from events: [Event], created: [Int]) -> [Event]? {
        guard i < created.count else { return nil }
        let first = UInt64(created[..<i].reduce(0, +)) + 1
        let count = UInt64(created[i])
        var out: [Event] = Array(events[..<i])
        for event in events[(i + 1)...] {
            func remap(_ id: UInt64) -> UInt64? {
                if id < first { return id }
                if id < first + count { return nil }
                return id - count
            }
            switch event {
            case .refund(let id, let reason):
                if let new = remap(id) { out.append(.refund(transaction: new, reason: reason)) }
            case .refundDeclined(let id):
                if let new = remap(id) { out.append(.refundDeclined(transaction: new)) }
            case .refundReversed(let id):
                if let new = remap(id) { out.append(.refundReversed(transaction: new)) }
            default:
                out.append(event)
            }
        }
        return out
    }

    /// One span as long as `a` then `b` (both forward): components add.
    static func sum(_ a: ISODuration, _ b: ISODuration) -> ISODuration {
        ISODuration(
            years: a.years + b.years, months: a.months + b.months, weeks: a.weeks + b.weeks, days: a.days + b.days,
            hours: a.hours + b.hours, minutes: a.minutes + b.minutes, seconds: a.seconds + b.seconds)
    }
}
