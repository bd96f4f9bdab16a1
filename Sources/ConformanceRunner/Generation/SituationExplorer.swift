import Generators
import PurchaseStateMachine

/// Coverage-guided exploration of the model's situations, run on the model alone before a
/// campaign: keeps the choice prefixes that first reached a situation and extends them with
/// fresh tails, round after round (an AFL/Zest-style loop over choice sequences with the model
/// as the feedback, issue 11).
///
/// A situation is an event kind, the kind before it (an edge, as in AFL), and the shape of every
/// subscription line before and after it: renewal state, auto-renew, and whether the period
/// started late (so "billing fixed while in grace" and "auto-renew off in a period a late
/// recovery shortened" differ),
/// plus whether billing works, Ask to Buy waits and the device clock is moved, and where the
/// last move of the clock landed against the named boundaries the model listed before it
/// (exactly on one, a day before or after, or elsewhere: so "billing fixed on the day grace
/// ended" is a situation of its own, and a prefix that reached it is kept). The corpus is a
/// pure function of the seed, catalog and profile, never of the subject, the threads or the
/// shard: a campaign spends a share of its histories re-drawing the tails of its prefixes and
/// stays the same for the same seed, and its shards still split it exactly.
struct SituationExplorer {
    let generator: HistoryGenerator
    let start: Instant

    /// The seed stream exploration draws from, apart from the campaign's history numbers.
    static let stream: UInt64 = 0x6578_706c_6f72_6521

    /// One situation key, hashed only for membership (its order never reaches output): the
    /// event kinds, flags and landing packed into one integer, the subscription shapes into two.
    struct Situation: Hashable {
        var head: UInt64
        var before: Shapes
        var after: Shapes

        init(previous: EventKind?, kind: EventKind, before: Shapes, after: Shapes, billingOK: Bool, pending: Bool, clockMoved: Bool, landing: Landing) {
            let edge = (previous.map { $0.ordinal + 1 } ?? 0) << 8 | kind.ordinal
            let flags: UInt64 = (billingOK ? 1 : 0) | (pending ? 2 : 0) | (clockMoved ? 4 : 0)
            head = edge << 16 | flags << 8 | landing.code
            self.before = before
            self.after = after
        }
    }

    /// The shape of every subscription line: packed five bits a line, or listed when there are
    /// more lines than an integer holds (a packed key never equals a listed one).
    struct Shapes: Hashable {
        var packed: UInt64
        var listed: [LineShape]?

        init(_ model: StoreModel) {
            if let packed = model.packedLineShapes {
                self.packed = packed
                listed = nil
            } else {
                packed = 0
                listed = model.lineShapes
            }
        }
    }

    /// Where the clock's last move landed against the boundaries the model listed before it,
    /// and which kind of boundary (a recovery on the day grace ended is not one on a period end).
    enum Landing: Hashable {
        case elsewhere
        case on(BoundaryKind)
        case dayBefore(BoundaryKind)
        case dayAfter(BoundaryKind)

        /// How `now` relates to `marks` (the upcoming boundaries before the move).
        init(_ now: Instant, _ marks: [(instant: Instant, kind: BoundaryKind)]) {
            if let m = marks.first(where: { $0.instant == now }) {
                self = .on(m.kind)
            } else if let m = marks.first(where: { $0.instant == now.adding(seconds: 86_400) }) {
                self = .dayBefore(m.kind)
            } else if let m = marks.first(where: { $0.instant == now.adding(seconds: -86_400) }) {
                self = .dayAfter(m.kind)
            } else {
                self = .elsewhere
            }
        }

        /// A distinct small number for each landing.
        var code: UInt64 {
            switch self {
            case .elsewhere: return 0
            case .on(let kind): return 1 + UInt64(kind.rawValue)
            case .dayBefore(let kind): return 1 + UInt64(BoundaryKind.allCases.count + kind.rawValue)
            case .dayAfter(let kind): return 1 + UInt64(2 * BoundaryKind.allCases.count + kind.rawValue)
            }
        }
    }

    /// The prefixes kept after `rounds` rounds of `perRound` model-only cases each (the first
    /// round from scratch): those that left the subscriptions in the rarest shape first, then the
    /// rarest situation (ties in the order they were first reached).
    func corpus(seed: Seed, perRound: Int, rounds: Int) -> [[UInt64]] {
        var seen: [Situation: Int] = [:]
        var kept: [(prefix: [UInt64], situation: Situation)] = []
        let tc = TestCase(seed: seed)
        var number: UInt64 = 0
        for round in 0..<rounds {
            let parents = kept.map(\.prefix)
            for i in 0..<perRound {
                let caseSeed = seed.derived(Self.stream).derived(number)
                number += 1
                if round == 0 || parents.isEmpty {
                    tc.reset(seed: caseSeed)
                } else {
                    tc.reset(seed: caseSeed, prefix: parents[i % parents.count])
                }
                explore(tc, seen: &seen, kept: &kept)
            }
        }
        // How often each subscription shape was reached, whatever the event: a prefix that left
        // the store in a rare shape (a period that started late, auto-renew off in grace) comes
        // before one that reached a rare event in a common shape. Sums do not depend on order.
        var shapes: [Shapes: Int] = [:]
        for (situation, count) in seen { shapes[situation.after, default: 0] += count }
        let ranked = kept.indices.sorted { a, b in
            let (sa, sb) = (shapes[kept[a].situation.after] ?? 0, shapes[kept[b].situation.after] ?? 0)
            if sa != sb { return sa < sb }
            let (ca, cb) = (seen[kept[a].situation] ?? 0, seen[kept[b].situation] ?? 0)
            return ca != cb ? ca < cb : a < b
        }
        return ranked.map { kept[$0].prefix }
    }

    /// Runs one case on the model, keeping the prefix up to each event that reached a new situation.
    func explore(_ tc: TestCase, seen: inout [Situation: Int], kept: inout [(prefix: [UInt64], situation: Situation)]) {
        guard let setup = try? generator.drawSetup(tc) else { return }
        var model = StoreModel(catalog: generator.catalog, settings: setup.settings, start: start)
        var effects = StepEffects()
        var before = Shapes(model)
        var previous: EventKind?
        var landing = Landing.elsewhere
        var count = 0
        let maxEvents = generator.profile.maxEvents
        while count < maxEvents {
            let room = maxEvents - count
            guard var drawn = try? tc.drawNextEvent(HistoryGenerator.eventSpan, continueProbability: setup.continueProbability, {
                () throws(GenerationStop) in try generator.drawEvents(tc, setup: setup, model: model, room: room)
            }) else { return }
            while let event = drawn.next() {
                count += 1
                effects.reset()
                let movesClock = event.kind == .advanceTime
                let boundaries = movesClock ? model.upcomingBoundaryMarks : []
                guard (try? model.apply(event, into: &effects)) != nil else { return }
                if movesClock { landing = Landing(model.state.now, boundaries) }
                let after = Shapes(model)
                let situation = Situation(
                    previous: previous, kind: event.kind, before: before, after: after, billingOK: model.state.billingOK,
                    pending: !model.state.pendingRequests.isEmpty, clockMoved: !model.state.deviceClockOffset.isZero,
                    landing: landing)
                let times = (seen[situation] ?? 0) + 1
                seen[situation] = times
                if times == 1 { kept.append((tc.choices.map(\.value), situation)) }
                before = after
                previous = event.kind
            }
        }
    }
}
