extension StoreModel {
    /// The products a correct app grants now: exactly the entitled products of
    /// `entitlementStatuses(policy:)`, computed without allocating (the runner's fast path).
    public func expectedEntitlements(policy: AppPolicy = AppPolicy()) -> ProductSet {
        var entitled = ProductSet()
        var seenNonRenewing = ProductSet()
        // Fields are read in place (`records[i].x`): copying whole records is the cost here.
        var index = state.records.count - 1
        while index >= 0 {
            defer { index -= 1 }
            let product = state.records[index].product
            switch catalog.types[product] {
            case .nonConsumable:
                if state.records[index].verified || policy.trustsServerValidation, !state.records[index].isRevoked {
                    entitled.insert(product)
                }
            case .nonRenewable:
                guard state.records[index].transaction.ownershipType == .purchased, !state.records[index].isRevoked,
                    !seenNonRenewing.contains(product),
                    case .nonRenewable(let duration) = catalog.products[product].kind
                else { continue }
                seenNonRenewing.insert(product)
                if state.records[index].verified || policy.trustsServerValidation,
                    state.now < state.records[index].transaction.purchaseDate.adding(duration)
                {
                    entitled.insert(product)
                }
            case .consumable, .autoRenewable:
                continue
            }
        }
        for group in state.groups {
            var best = Int.max
            var first = -1
            var second = -1
            func consider(_ line: SubscriptionLine?) {
                guard let line, state.records[line.latest].verified || policy.trustsServerValidation else { return }
                let entitles = line.state == .subscribed || (line.state == .inGracePeriod && policy.billingGraceEntitles)
                guard entitles else { return }
                let level = catalog.levels[line.currentProduct]
                if level < best {
                    best = level
                    first = line.currentProduct
                    second = -1
                } else if level == best {
                    second = line.currentProduct
                }
            }
            consider(group.own)
            consider(group.shared)
            if first >= 0 { entitled.insert(first) }
            if second >= 0 { entitled.insert(second) }
        }
        return entitled
    }

    /// The units a correct app has credited for consumable product `index` (§4: once per
    /// verified transaction; refunded ones per the policy).
    public func expectedUnits(ofConsumable index: Int, policy: AppPolicy = AppPolicy()) -> Int {
        let grant = catalog.grants[index]
        guard grant > 0 else { return 0 }
        var units = 0
        for i in state.records.indices
        where state.records[i].product == index && (state.records[i].verified || policy.trustsServerValidation) {
            if state.records[i].isRevoked, policy.refundedConsumables == .clawBack { continue }
            units += grant * state.records[i].transaction.purchasedQuantity
        }
        return units
    }
}
