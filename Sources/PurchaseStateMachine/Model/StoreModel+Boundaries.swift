extension StoreModel {
    /// The instants after now at which something the store schedules changes, earliest first,
    /// each once: where generated time should land to reach the rare situations (issue 11).
    ///
    /// A pure function of the state. For every subscription line: its period end (renewal,
    /// expiry, or the end of an introductory or offer phase), its grace end and billing-retry end
    /// when in billing trouble, and, while it is subscribed and renewing, the grace and retry ends
    /// a failure at that renewal would schedule and the end of the period after it. Also each
    /// non-renewing subscription's end and the end of every upgraded transaction's period.
    public var upcomingBoundaries: [Instant] {
        let now = state.now
        var instants: [Instant] = []
        func add(_ instant: Instant?) {
            if let instant, instant > now { instants.append(instant) }
        }
        for group in state.groups {
            for line in [group.own, group.shared] {
                guard let line else { continue }
                switch line.state {
                case .subscribed:
                    add(line.expiration)
                    guard line.willAutoRenew else { continue }
                    let product = line.autoRenewPreference ?? line.currentProduct
                    if let sub = catalog.products[product].subscription {
                        add(line.expiration.adding(sub.period))
                        if line.ownership == .purchased {
                            add(line.expiration.adding(settings.graceLength(weekly: sub.isWeekly)))
                            add(line.expiration.adding(settings.billingRetry))
                        }
                    }
                case .inGracePeriod, .inBillingRetryPeriod:
                    add(line.expiration)
                    add(line.graceEnd)
                    add(line.retryEnd)
                case .revoked:
                    if line.retryAfterRefund { add(line.retryEnd) }
                case .expired:
                    continue
                }
            }
        }
        for record in state.records where !record.isRevoked {
            switch catalog.products[record.product].kind {
            case .nonRenewable(let duration):
                add(record.transaction.purchaseDate.adding(duration))
            case .autoRenewable where record.transaction.isUpgraded:
                add(record.transaction.expirationDate)
            default:
                continue
            }
        }
        instants.sort()
        var unique: [Instant] = []
        unique.reserveCapacity(instants.count)
        for instant in instants where unique.last != instant { unique.append(instant) }
        return unique
    }
}
