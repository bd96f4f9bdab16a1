/// Why a correct app grants a product now, or why it must not.
public enum EntitlementStatus: Hashable, Sendable {
    /// Owned: a verified non-consumable, or a non-renewing subscription inside its period.
    case owned
    /// A subscription in the `subscribed` state.
    case subscribed
    /// A subscription in its billing grace period (entitled, §7.2).
    case inGracePeriod
    /// Never bought, or a consumable (which never entitles).
    case notPurchased
    /// Its latest transaction was refunded or revoked (§9, §11).
    case revoked
    /// Its period ended: an expired subscription or a non-renewing one past its duration.
    case expired
    /// A subscription in billing retry after grace (§7.2: not entitled).
    case inBillingRetry
    /// Only an Ask to Buy request waits for it (§5.2).
    case pending
    /// Its transaction failed StoreKit's verification (§2.1).
    case unverified
    /// Another product of its group at a higher level is entitled, or it was upgraded from (§8).
    case supersededInGroup

    /// Whether a correct app grants the product.
    public var isEntitled: Bool { self == .owned || self == .subscribed || self == .inGracePeriod }
}

/// What a correct app reports after an event: granted products and consumable credits.
public struct ExpectedState: Hashable, Sendable {
    /// The products a correct app grants.
    public var entitled: ProductSet
    /// Per consumable product, in catalog order: the units a correct app has credited.
    public var balances: [(product: Int, units: Int)]

    public static func == (lhs: ExpectedState, rhs: ExpectedState) -> Bool {
        lhs.entitled == rhs.entitled && lhs.balances.elementsEqual(rhs.balances, by: { $0 == $1 })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entitled)
        for b in balances {
            hasher.combine(b.product)
            hasher.combine(b.units)
        }
    }
}

extension StoreModel {
    /// §17.1–2: the entitlement status of every product, in catalog order.
    public func entitlementStatuses(policy: AppPolicy = AppPolicy()) -> [EntitlementStatus] {
        var result = [EntitlementStatus](repeating: .notPurchased, count: catalog.products.count)
        var latestOwn = [Int](repeating: -1, count: catalog.products.count)
        for (i, record) in state.records.enumerated() {
            let p = record.product
            switch catalog.products[p].kind {
            case .consumable, .autoRenewable:
                break
            case .nonConsumable:
                if !record.isRevoked, record.verified || policy.trustsServerValidation {
                    result[p] = .owned
                } else if result[p] != .owned {
                    result[p] = record.isRevoked ? .revoked : .unverified
                }
            case .nonRenewable:
                if record.transaction.ownershipType == .purchased, !record.isRevoked { latestOwn[p] = i }
                if record.isRevoked, latestOwn[p] < 0 { result[p] = .revoked }
            }
        }
        for (p, i) in latestOwn.enumerated() where i >= 0 {
            guard case .nonRenewable(let duration) = catalog.products[p].kind else { continue }
            let record = state.records[i]
            if !record.verified, !policy.trustsServerValidation {
                result[p] = .unverified
            } else {
                result[p] = state.now < record.transaction.purchaseDate.adding(duration) ? .owned : .expired
            }
        }
        for (g, group) in state.groups.enumerated() {
            subscriptionStatuses(group: g, lines: [group.own, group.shared], policy: policy, into: &result)
        }
        for request in state.pendingRequests {
            if let p = catalog.index(of: request.purchase.product), result[p] == .notPurchased { result[p] = .pending }
        }
        return result
    }

    private func subscriptionStatuses(
        group g: Int, lines: [SubscriptionLine?], policy: AppPolicy, into result: inout [EntitlementStatus]
    ) {
        for p in catalog.products(inGroup: g) where result[p] == .notPurchased {
            if state.records.contains(where: { $0.product == p }) { result[p] = .expired }
        }
        var best = Int.max
        for line in lines {
            guard let line else { continue }
            let p = line.currentProduct
            let record = state.records[line.latest]
            let verified = record.verified || policy.trustsServerValidation
            let status: EntitlementStatus
            switch line.state {
            case .subscribed: status = verified ? .subscribed : .unverified
            case .inGracePeriod: status = !verified ? .unverified : policy.billingGraceEntitles ? .inGracePeriod : .inBillingRetry
            case .inBillingRetryPeriod: status = .inBillingRetry
            case .revoked: status = .revoked
            case .expired: status = .expired
            }
            if !result[p].isEntitled { result[p] = status }
            if status.isEntitled, let level = catalog.products[p].subscription?.level { best = min(best, level) }
        }
        for p in catalog.products(inGroup: g) where !result[p].isEntitled {
            let upgradedFrom = state.records.contains {
                $0.product == p && $0.transaction.isUpgraded && !$0.isRevoked
                    && ($0.transaction.expirationDate.map { state.now < $0 } ?? false)
            }
            if upgradedFrom { result[p] = .supersededInGroup }
        }
        guard best != Int.max else { return }
        for p in catalog.products(inGroup: g) where result[p].isEntitled {
            if let level = catalog.products[p].subscription?.level, level > best { result[p] = .supersededInGroup }
        }
    }

    /// What a correct app grants and credits now, under `policy`.
    public func expectedState(policy: AppPolicy = AppPolicy()) -> ExpectedState {
        var entitled = ProductSet()
        for (p, status) in entitlementStatuses(policy: policy).enumerated() where status.isEntitled { entitled.insert(p) }
        var units = [Int](repeating: 0, count: catalog.products.count)
        for record in state.records where record.verified || policy.trustsServerValidation {
            guard case .consumable(let grant) = catalog.products[record.product].kind else { continue }
            if record.isRevoked, policy.refundedConsumables == .clawBack { continue }
            units[record.product] += grant * record.transaction.purchasedQuantity
        }
        var balances: [(product: Int, units: Int)] = []
        for (p, product) in catalog.products.enumerated() where product.type == .consumable {
            balances.append((p, units[p]))
        }
        return ExpectedState(entitled: entitled, balances: balances)
    }
}
