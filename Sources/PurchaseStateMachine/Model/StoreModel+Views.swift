extension StoreModel {
    /// §3.1 `Transaction.currentEntitlements`: every non-consumable not revoked, the latest
    /// non-renewing transaction per product (finished or not, expired or not), and the latest
    /// transaction of each subscription status that is `subscribed` or `inGracePeriod`.
    /// Consumables never appear; revoked transactions never appear.
    public var currentEntitlements: [Delivery] {
        var indices: [Int] = []
        var latestNonRenewing: [Int: Int] = [:]
        for i in state.records.indices where !state.records[i].isRevoked {
            switch catalog.types[state.records[i].product] {
            case .consumable: continue
            case .nonConsumable: indices.append(i)
            case .nonRenewable: latestNonRenewing[state.records[i].product] = i
            case .autoRenewable:
                if state.records[i].transaction.isUpgraded, settings.variations.upgradedTransactionInCurrentEntitlements,
                    let expiration = state.records[i].transaction.expirationDate, state.now < expiration
                {
                    indices.append(i)
                }
            }
        }
        indices.append(contentsOf: latestNonRenewing.values)
        for group in state.groups {
            for line in [group.own, group.shared] {
                if let line, line.state.isEntitled, !indices.contains(line.latest) { indices.append(line.latest) }
            }
        }
        indices.sort()
        if settings.variations.currentEntitlementsNewestFirst { indices.reverse() }
        return indices.map { state.records[$0].delivery }
    }

    /// §3.3 `Transaction.unfinished`: every transaction the app has not finished since it was delivered.
    public var unfinishedDeliveries: [Delivery] {
        state.records.lazy.filter { !$0.finished }.map(\.delivery)
    }

    /// §3.2 `Transaction.all`: the history, without finished consumables unless refunded.
    public var allTransactions: [Delivery] {
        state.records.lazy.filter {
            !($0.transaction.productType == .consumable && $0.finished && !$0.isRevoked)
        }.map(\.delivery)
    }

    /// §3.5 `Transaction.latest(for:)`: the most recent transaction of `productID` in `all`, or nil.
    public func latestTransaction(for productID: String) -> Delivery? {
        allTransactions.last { $0.transaction.productID == productID }
    }

    /// §3.6 `Product.SubscriptionInfo.status` per group that has ever had a subscription,
    /// own status first unless the store lists the shared one first.
    public var statuses: [GroupStatuses] {
        var out: [GroupStatuses] = []
        for (g, group) in state.groups.enumerated() {
            var list: [SubscriptionStatus] = []
            for line in [group.own, group.shared] {
                guard let line else { continue }
                list.append(
                    SubscriptionStatus(
                        state: line.state, transactionID: state.records[line.latest].transaction.id,
                        renewalInfo: renewalInfo(line), ownershipType: line.ownership))
            }
            if settings.variations.sharedStatusFirst { list.reverse() }
            if !list.isEmpty { out.append(GroupStatuses(group: catalog.groups[g], statuses: list)) }
        }
        return out
    }

    /// Whether the customer may use an introductory offer in group `group` (`isEligibleForIntroOffer`).
    public func isEligibleForIntroOffer(group: String) -> Bool {
        guard let g = catalog.groupIndex(of: group) else { return false }
        return !state.groups[g].introUsed
    }
}
