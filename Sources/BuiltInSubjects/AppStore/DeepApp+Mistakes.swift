import ConformanceRunner
import PurchaseStateMachine

extension DeepApp {
    /// Changes the correct app's answer the way the mutant's mistake does.
    func adjust(_ entitled: inout Set<String>, context: SubjectContext) {
        let now = context.serverNow
        let all = context.views.all
        func transaction(_ id: UInt64) -> Transaction? { all.first { $0.transaction.id == id }?.transaction }
        let statuses = context.views.statuses.flatMap(\.statuses).filter { $0.ownershipType == .purchased }
        let current = context.views.currentEntitlements.filter(\.verified).map(\.transaction)
        let catalog = self.catalog
        /// Adds a wrong grant the way the app would: a group already granted keeps its one level.
        func grant(_ product: String) {
            let group = catalog.product(product)?.subscription?.group
            if let group, entitled.contains(where: { catalog.product($0)?.subscription?.group == group }) { return }
            entitled.insert(product)
        }
        switch mutant {
        case .graceEndInclusive:
            for s in statuses where s.state == .inBillingRetryPeriod {
                if let tx = transaction(s.transactionID), let end = graceEnds[tx.originalID], now <= end {
                    grant(tx.productID)
                }
            }
        case .recoveryReanchored:
            for product in catalog.products {
                guard case .autoRenewable(let sub) = product.kind, let d = context.views.latest(for: product.id),
                    d.verified, d.transaction.revocationDate == nil, !d.transaction.isUpgraded,
                    d.transaction.reason == .renewal, d.transaction.offerType == nil,
                    d.transaction.ownershipType == .purchased
                else { continue }
                if now < d.transaction.purchaseDate.adding(sub.period) { grant(product.id) }
            }
        case .retryEndInclusive:
            for s in statuses where s.state == .expired && s.renewalInfo.expirationReason == .billingError {
                if let tx = transaction(s.transactionID), let end = tx.expirationDate, now <= end.adding(.days(60)) {
                    grant(tx.productID)
                }
            }
        case .leapYear365:
            for tx in current where tx.revocationDate == nil && isYearly(tx.productID) {
                if let end = tx.expirationDate, now < end, now >= tx.purchaseDate.adding(.days(365)) {
                    entitled.remove(tx.productID)
                }
            }
        case .secondGraceDenied:
            for s in statuses where s.state == .inGracePeriod {
                if let tx = transaction(s.transactionID), (graceCounts[tx.originalID]?.count ?? 0) >= 2 {
                    entitled.remove(tx.productID)
                }
            }
        case .deviceClockExpiryDay:
            for tx in current where tx.reason == .renewal && tx.revocationDate == nil {
                if let end = tx.expirationDate, context.deviceNow >= end, context.deviceNow < end.adding(.days(1)) {
                    entitled.remove(tx.productID)
                }
            }
        case .introEndInclusive:
            for s in statuses where s.state == .expired || s.state == .inBillingRetryPeriod {
                if let tx = transaction(s.transactionID), tx.offerType == .introductory, tx.revocationDate == nil,
                    let end = tx.expirationDate, now <= end
                {
                    grant(tx.productID)
                }
            }
        case .graceKeptAfterCancel:
            for s in statuses where s.state == .expired && s.renewalInfo.expirationReason == .autoRenewDisabled {
                if let tx = transaction(s.transactionID), let end = graceEnds[tx.originalID], now < end {
                    grant(tx.productID)
                }
            }
        case .reversedRefundIgnored:
            for tx in current where tx.productType == .nonConsumable && revoked.contains(tx.id) {
                entitled.remove(tx.productID)
            }
        case .sharedKeptAfterRelaunch, .restoreGrantsRefunded:
            entitled.formUnion(remembered)
        case .oldRefundEndsSubscription:
            for tx in current where tx.productType == .autoRenewable && revokedOriginals.contains(tx.originalID) {
                entitled.remove(tx.productID)
            }
        }
    }

    /// Whether `product` renews yearly.
    func isYearly(_ product: String) -> Bool {
        guard case .autoRenewable(let sub)? = catalog.product(product)?.kind else { return false }
        return sub.period.totalMonths == 12 && sub.period.exactSeconds == 0
    }

    var catalog: Catalog { reference.catalog }
}
