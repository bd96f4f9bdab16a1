import PurchaseStateMachine

/// What a recorded Play replay keeps of one event for its timeline picture: the store time it
/// spanned, the status of each product's newest purchase token, and what the model expected and
/// the subject reported after it.
public struct PlayStepSample: Sendable {
    /// The store clock before the event.
    var start: Instant
    /// The store clock after it.
    var end: Instant
    /// Per product of the catalog, in catalog order, the status of its newest token (nil: none yet).
    var statuses: [(product: String, status: PlayTokenStatus?)]
    /// Inside a time advance, each instant some product's status changed, with the statuses then.
    var turns: [(at: Instant, statuses: [PlayTokenStatus?])] = []
    /// The permanent products the model expected the subject to grant.
    var expected: [String]
    /// The units of each consumable the model expected credited (the first accepted value), in policy order.
    var balances: [(product: String, units: Int)]
    /// What the subject reported, nil when the event failed before it was asked.
    var observed: ObservedState?

    /// The turns inside a time advance from `before` to `end`, found by advancing a copy of the
    /// model from one token boundary to the next. The subject hears of an advance only after it,
    /// so its replies cannot change these (an advance split by a pre-order release is not drawn
    /// inside: the subject answers at the release).
    static func turns(from before: PlayModel, to end: Instant, products: [String]) -> [(at: Instant, statuses: [PlayTokenStatus?])] {
        guard before.now < end else { return [] }
        func statuses(_ m: PlayModel) -> [PlayTokenStatus?] {
            products.map { m.newestTokenStatus(of: $0, knowsEverything: true) }
        }
        var last = statuses(before)
        var out: [(at: Instant, statuses: [PlayTokenStatus?])] = []
        before.walkBoundaries(before: end, limit: 64) { when, after in
            let now = statuses(after)
            if now != last { out.append((when, now)) }  // drawn at the turn's own instant
            last = now
        }
        return out
    }
}
