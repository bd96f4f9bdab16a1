/// What happens at a boundary the model schedules: the name a generator can tell situations by.
public enum BoundaryKind: Int, Hashable, Sendable, CaseIterable {
    /// The end of a subscription's current period: a renewal, a failed charge or an expiry.
    case periodEnd
    /// The end of the period after the current one, if the subscription renews.
    case nextPeriodEnd
    /// The end of billing grace: now, or the one a failed renewal would start.
    case graceEnd
    /// The end of billing retry: now, or the one a failed renewal would start.
    case retryEnd
    /// The end of a non-renewing subscription or of an upgraded transaction's period.
    case otherEnd
}

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
        var instants: [Instant] = []
        forEachUpcomingBoundary { instant, _ in instants.append(instant) }
        instants.sort()
        var unique: [Instant] = []
        unique.reserveCapacity(instants.count)
        for instant in instants where unique.last != instant { unique.append(instant) }
        return unique
    }

    /// Whether anything is scheduled after now: `!upcomingBoundaries.isEmpty`, without building the list.
    public var hasUpcomingBoundary: Bool {
        var found = false
        forEachUpcomingBoundary { _, _ in found = true }
        return found
    }

    /// `upcomingBoundaries` with what happens at each, earliest first (an instant with two
    /// meanings appears twice, in `BoundaryKind` order).
    public var upcomingBoundaryMarks: [(instant: Instant, kind: BoundaryKind)] {
        var instants: [(instant: Instant, kind: BoundaryKind)] = []
        forEachUpcomingBoundary { instant, kind in instants.append((instant, kind)) }
        instants.sort { $0.instant != $1.instant ? $0.instant < $1.instant : $0.kind.rawValue < $1.kind.rawValue }
        var unique: [(instant: Instant, kind: BoundaryKind)] = []
        unique.reserveCapacity(instants.count)
        for mark in instants where unique.last.map({ $0.instant != mark.instant || $0.kind != mark.kind }) ?? true {
            unique.append(mark)
        }
        return unique
    }

    /// Calls `report` with every instant after now the store schedules, unsorted, with its name.
    @inline(__always)
    func forEachUpcomingBoundary(_ report: (Instant, BoundaryKind) -> Void) {
        let now = state.now
        func add(_ instant: Instant?, _ kind: BoundaryKind) {
            if let instant, instant > now { report(instant, kind) }
        }
        func visit(_ line: SubscriptionLine?) {
            guard let line else { return }
            switch line.state {
            case .subscribed:
                add(line.expiration, .periodEnd)
                guard line.willAutoRenew else { return }
                let product = line.autoRenewPreference ?? line.currentProduct
                if let sub = catalog.products[product].subscription {
                    add(line.expiration.adding(sub.period), .nextPeriodEnd)
                    if line.ownership == .purchased {
                        add(line.expiration.adding(settings.graceLength(weekly: sub.isWeekly)), .graceEnd)
                        add(line.expiration.adding(settings.billingRetry), .retryEnd)
                    }
                }
            case .inGracePeriod, .inBillingRetryPeriod:
                add(line.expiration, .periodEnd)
                add(line.graceEnd, .graceEnd)
                add(line.retryEnd, .retryEnd)
            case .revoked:
                if line.retryAfterRefund { add(line.retryEnd, .retryEnd) }
            case .expired:
                return
            }
        }
        for group in state.groups {
            visit(group.own)
            visit(group.shared)
        }
        for record in state.records where !record.isRevoked {
            switch catalog.products[record.product].kind {
            case .nonRenewable(let duration):
                add(record.transaction.purchaseDate.adding(duration), .otherEnd)
            case .autoRenewable where record.transaction.isUpgraded:
                add(record.transaction.expirationDate, .otherEnd)
            default:
                continue
            }
        }
    }
}
