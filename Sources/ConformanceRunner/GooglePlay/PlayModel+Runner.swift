import PurchaseStateMachine

/// What the runner asks of the Play model beyond its public views: boundary walks and the newest
/// token behind a product.
extension PlayModel {
    /// Walks a copy of the model from one boundary to the next (the earliest of any token's),
    /// stepping a second past each, where it takes effect: at most `limit` of them, and only those
    /// before `end` when given. `visit` gets each boundary and the copy just past it. The generator
    /// aims time at boundaries this way, the shrinker lowers time to them, and a timeline finds the
    /// turns inside an advance.
    func walkBoundaries(before end: Instant? = nil, limit: Int, _ visit: (_ at: Instant, _ after: PlayModel) -> Void) {
        var probe = self
        for _ in 0..<limit {
            guard let (when, _) = probe.nextBoundary(), end.map({ when < $0 }) ?? true else { return }
            _ = try? probe.apply(.advanceTime(by: PlayHistoryGenerator.duration(seconds: Int(probe.now.seconds(to: when)) + 1)))
            visit(when, probe)
        }
    }

    /// The status, as a subject could know it (everything, or what Play told it), of the newest
    /// token behind `product`: a token that names it, or the new token of a deferred plan change to it.
    func newestTokenStatus(of product: String, knowsEverything: Bool) -> PlayTokenStatus? {
        for i in tokens.indices.reversed() {
            let t = tokens[i]
            let owner = t.subscription?.deferredFrom.flatMap { catalog.subscription(ofPlan: $0) }
            guard t.products.contains(product) || owner == product else { continue }
            if knowsEverything { return status(of: i) }
            if let seen = seen[i] { return seen.status }
        }
        return nil
    }
}
