/// V-CLIENT-CACHE-LAG (play-billing-semantics §2.4 [OBS]): `queryPurchasesAsync` reads the Play
/// Store app's cache, which may lag Google by some events. A change made by event `m` reaches a
/// query from event `m + k + 1` on; until then refunded, expired and replaced items stay listed
/// and new purchases are missing.
///
/// What a correct client-only app can know under the lag: the listener's news is fresh, a query's
/// may be stale, and nothing tells the app which. So for a token whose listener news is fresher than
/// a later query's answer, granting either is correct (`clientLeeway`); otherwise the app is held to
/// what it was told last, as without the lag. One exception, from §7 [DOC]: a token the app itself
/// replaced (it named it as `oldPurchaseToken`) never entitles, whatever a stale query says.
extension PlayModel {
    /// The cache a query reads during the current event, when the lag is on and it is stale.
    var staleCache: PlayCacheSnapshot? {
        variations.clientCacheLag > 0 ? cacheSnapshots.first : nil
    }

    /// Keeps the cache as it stands before the next event (the last `k + 1` of them).
    mutating func recordCache() {
        let lag = variations.clientCacheLag
        guard lag > 0 else { return }
        let views = tokens.indices.map { view(of: $0) }
        cacheSnapshots.append(PlayCacheSnapshot(version: eventsApplied, purchases: ownedPurchases(), views: views))
        if cacheSnapshots.count > lag + 1 { cacheSnapshots.removeFirst(cacheSnapshots.count - lag - 1) }
    }

    /// Records what a stale query told the app of token `index`.
    mutating func noteCached(_ index: Int, _ snapshot: PlayCacheSnapshot) {
        if knowledge[index].toldReplaced {
            noteSeen(index)  // §7: the app knows it replaced this token
            return
        }
        let told = index < snapshot.views.count ? snapshot.views[index] : nil
        if knowledge[index].version > snapshot.version {
            // The app heard fresher news from the listener than the cache holds.
            if knowledge[index].fresher == nil { knowledge[index].fresher = seen[index] }
        } else {
            knowledge[index].version = snapshot.version
            knowledge[index].fresher = nil
        }
        seen[index] = told
        if let told, ![.pending, .pendingCanceled, .voided].contains(told.status) { seenPaid[index] = true }
        if knowledge[index].fresher == seen[index] { knowledge[index].fresher = nil }
    }

    /// Products a client-only app may grant or withhold, because a stale query contradicted the
    /// listener's fresher news of a token behind them and the app cannot tell which is true
    /// (V-CLIENT-CACHE-LAG); products `expectedEntitlements(knowsEverything: false)` requires are not listed.
    public func clientLeeway() -> [String] {
        let required = expectedEntitlements(knowsEverything: false)
        var products: [String] = []
        for i in tokens.indices {
            guard let fresher = knowledge[i].fresher else { continue }
            for p in fresher.entitled + (seen[i]?.entitled ?? []) where !products.contains(p) && !required.contains(p) {
                products.append(p)
            }
        }
        return products.sorted()
    }
}
