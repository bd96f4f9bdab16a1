/// Questions a generator asks before choosing an event, answered without changing anything.
extension StoreModel {
    /// Whether a successful purchase of product `index` (no offer, quantity 1) is possible now.
    ///
    /// The same rules as the `purchase` precondition (§5.1, §8), answered without building
    /// a rejection; a test checks the two agree.
    public func canPurchase(_ index: Int) -> Bool {
        switch catalog.types[index] {
        case .consumable, .nonRenewable:
            return true
        case .nonConsumable:
            for i in state.records.indices
            where state.records[i].product == index && !state.records[i].isRevoked
                && state.records[i].transaction.ownershipType == .purchased
            {
                return false
            }
            return true
        case .autoRenewable:
            guard let g = catalog.groupIndex(ofProduct: index), let line = state.groups[g].own, line.isActive else { return true }
            return line.state == .subscribed && line.currentProduct != index
        }
    }

    /// Whether `purchase` is possible now (its product, offer and quantity).
    public func canPurchase(_ purchase: Purchase) -> Bool {
        (try? plan(purchase, event: .purchase(purchase))) != nil
    }

    /// The ids of transactions that can be refunded now (the customer's own, not revoked), oldest first.
    public func refundableTransactions(includingConsumables: Bool = true) -> [UInt64] {
        var ids: [UInt64] = []
        for i in state.records.indices
        where state.records[i].transaction.ownershipType == .purchased && !state.records[i].isRevoked
            && (includingConsumables || catalog.types[state.records[i].product] != .consumable)
        {
            ids.append(UInt64(i + 1))
        }
        return ids
    }

    /// Whether any transaction can be refunded now (what `refundableTransactions` lists).
    public func hasRefundableTransaction(includingConsumables: Bool = true) -> Bool {
        for i in state.records.indices
        where state.records[i].transaction.ownershipType == .purchased && !state.records[i].isRevoked
            && (includingConsumables || catalog.types[state.records[i].product] != .consumable)
        {
            return true
        }
        return false
    }

    /// The ids of refunded transactions whose refund can be reversed, oldest first.
    public var refundedTransactions: [UInt64] {
        state.records.compactMap { $0.isRevoked && $0.revokedByRefund ? $0.transaction.id : nil }
    }

    /// The possible `setAutoRenew` events now, as (group, enabled) pairs in group order.
    public var autoRenewToggles: [(group: String, enabled: Bool)] {
        var out: [(group: String, enabled: Bool)] = []
        for (g, group) in state.groups.enumerated() {
            guard let line = group.own, line.isActive else { continue }
            if line.willAutoRenew {
                out.append((catalog.groups[g], false))
                if line.autoRenewPreference != line.currentProduct, line.state == .subscribed {
                    out.append((catalog.groups[g], true))
                }
            } else if line.state == .subscribed {
                out.append((catalog.groups[g], true))
            }
        }
        return out
    }

    /// Products the family could start sharing now, in catalog order.
    public var shareableProducts: [String] {
        catalog.products.indices.compactMap { p in
            guard catalog.products[p].familyShareable else { return nil }
            if let g = catalog.groupIndex(ofProduct: p) {
                if let line = state.groups[g].shared, line.state == .subscribed { return nil }
            } else if state.records.contains(where: {
                $0.product == p && $0.transaction.ownershipType == .familyShared && !$0.isRevoked
            }) {
                return nil
            }
            return catalog.products[p].id
        }
    }

    /// Products the family shares now, in catalog order.
    public var sharedProducts: [String] {
        catalog.products.indices.compactMap { p in
            if let g = catalog.groupIndex(ofProduct: p) {
                guard let line = state.groups[g].shared, line.state == .subscribed, line.currentProduct == p else { return nil }
                return catalog.products[p].id
            }
            let shared = state.records.contains {
                $0.product == p && $0.transaction.ownershipType == .familyShared && !$0.isRevoked
            }
            return shared ? catalog.products[p].id : nil
        }
    }
}
