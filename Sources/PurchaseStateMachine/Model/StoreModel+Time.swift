extension StoreModel {
    /// §7: moves the store clock to `target`, processing every renewal, billing failure, grace
    /// end and retry end on the way, in time order (a period ending exactly at `target` renews).
    ///
    /// Stops early, leaving the clock where it is, once the history has created more than
    /// `maximumTransactions` transactions (the caller rejects the event). A midnight's receipt
    /// is built only when asked for (`StepEffects.recordsReceipts`) and is reused until the
    /// store changes, so quiet days cost no receipt of their own.
    mutating func advanceTime(to target: Instant, effects: inout StepEffects) {
        var nextMidnight = effects.recordsServerChannels ? state.now.startOfDay.adding(seconds: 86_400) : nil
        // The receipt of the last midnight, valid until something is processed; the legacy iOS 6
        // variation reads the clock in its receipt, so it never reuses one.
        var unchangedReceipt: JSONValue?
        while state.records.count <= Self.maximumTransactions, effects.receiptListings <= Self.maximumReceiptListings {
            var earliest: (time: Instant, group: Int, shared: Bool)?
            for g in state.groups.indices {
                for shared in [false, true] {
                    guard let line = shared ? state.groups[g].shared : state.groups[g].own,
                        let due = dueTime(line), due <= target
                    else { continue }
                    if earliest == nil || due < earliest!.time { earliest = (due, g, shared) }
                }
            }
            if let midnight = nextMidnight, midnight <= target, earliest == nil || midnight < earliest!.time {
                state.now = midnight
                var receipt: JSONValue?
                if effects.recordsReceipts {
                    receipt = unchangedReceipt ?? legacyReceipt()
                    if !settings.variations.legacyTransactionReceipts { unchangedReceipt = receipt }
                    effects.receiptListings += state.records.count
                }
                effects.messages.append(.tick(at: midnight, receipt: receipt))
                nextMidnight = midnight.adding(seconds: 86_400)
                continue
            }
            guard let next = earliest else { break }
            state.now = max(state.now, next.time)
            processDue(group: next.group, shared: next.shared, effects: &effects)
            unchangedReceipt = nil
        }
        guard state.records.count <= Self.maximumTransactions, effects.receiptListings <= Self.maximumReceiptListings
        else { return }
        state.now = target
    }

    /// When a line next needs the store's attention, or nil when it is dormant.
    func dueTime(_ line: SubscriptionLine) -> Instant? {
        switch line.state {
        case .subscribed: return line.expiration
        case .inGracePeriod: return min(line.graceEnd ?? line.expiration, line.retryEnd ?? line.expiration)
        case .inBillingRetryPeriod: return line.retryEnd
        case .revoked: return line.retryAfterRefund ? line.retryEnd : nil
        case .expired: return nil
        }
    }

    mutating func processDue(group g: Int, shared: Bool, effects: inout StepEffects) {
        guard var line = shared ? state.groups[g].shared : state.groups[g].own else { return }
        let now = state.now
        switch line.state {
        case .subscribed:
            if !line.willAutoRenew {
                expire(group: g, shared: shared, reason: .autoRenewDisabled, effects: &effects)
            } else if shared || state.billingOK {
                renew(group: g, shared: shared, startingAt: line.expiration, recovery: nil, effects: &effects)
            } else {
                failRenewal(group: g, effects: &effects)
            }
        case .inGracePeriod:
            if let graceEnd = line.graceEnd, graceEnd <= now, line.retryEnd.map({ $0 > now }) ?? false {
                line.state = .inBillingRetryPeriod
                line.graceEnd = nil
                state.groups[g].own = line
                notify(.GRACE_PERIOD_EXPIRED, nil, record: line.latest, group: g, effects: &effects)
            } else {
                expire(group: g, shared: false, reason: .billingError, effects: &effects)
            }
        case .inBillingRetryPeriod:
            expire(group: g, shared: false, reason: .billingError, effects: &effects)
        case .revoked:
            line.retryAfterRefund = false
            line.retryEnd = nil
            state.groups[g].own = line
        case .expired:
            break
        }
    }

    /// §7.2: a renewal charge fails: billing grace (when the store has one) then billing retry.
    mutating func failRenewal(group g: Int, effects: inout StepEffects) {
        guard var line = state.groups[g].own, let sub = catalog.products[line.currentProduct].subscription else { return }
        let failedAt = line.expiration
        var grace = settings.graceLength(weekly: sub.isWeekly)
        if line.inOfferPeriod, !settings.variations.graceAppliesToOfferConversion { grace = .zero }
        line.retryEnd = failedAt.adding(settings.billingRetry)
        line.expirationReason = .billingError
        if !grace.isZero {
            line.state = .inGracePeriod
            line.graceEnd = failedAt.adding(grace)
        } else {
            line.state = .inBillingRetryPeriod
            line.graceEnd = nil
        }
        state.groups[g].own = line
        notify(.DID_FAIL_TO_RENEW, grace.isZero ? nil : .GRACE_PERIOD, record: line.latest, group: g, effects: &effects)
    }

    /// §7.1, §7.2: a successful renewal: a new transaction of the renewal preference, same
    /// `originalID`, period from the billing anchor. `recovery` is nil for a regular renewal,
    /// `.inGrace` (anchor kept) or `.afterGrace` (anchor reset to now).
    mutating func renew(group g: Int, shared: Bool, startingAt start: Instant, recovery: Recovery?, effects: inout StepEffects) {
        guard var line = shared ? state.groups[g].shared : state.groups[g].own else { return }
        let product = line.autoRenewPreference ?? line.currentProduct
        guard let sub = catalog.products[product].subscription else { return }
        let offer = catalog.products[line.currentProduct].subscription?.introductoryOffer
        let inOffer = line.introPeriodsLeft > 0 && product == line.currentProduct && offer != nil
        let period = inOffer ? (offer?.duration ?? sub.period) : sub.period
        if recovery == .afterGrace {
            line.anchor = state.now
            line.anchorPeriod = period
            line.periodsSinceAnchor = 0
        } else if product != line.currentProduct || !period.hasSameLength(as: line.anchorPeriod) {
            line.anchor = line.expiration
            line.anchorPeriod = period
            line.periodsSinceAnchor = 0
        }
        line.periodsSinceAnchor += 1
        let expiration = line.anchor.adding(line.anchorPeriod.times(line.periodsSinceAnchor))
        let purchaseDate = recovery == nil ? start : state.now
        let index = newRecord(
            product: product, originalID: line.originalID, purchaseDate: purchaseDate,
            originalPurchaseDate: state.records[line.latest].transaction.originalPurchaseDate,
            expiration: expiration, ownership: line.ownership, offer: inOffer ? .introductory : nil,
            token: nil, quantity: 1, reason: .renewal, verified: true)
        if inOffer { line.introPeriodsLeft -= 1 }
        line.inOfferPeriod = inOffer
        line.state = .subscribed
        line.currentProduct = product
        line.latest = index
        line.expiration = expiration
        line.expirationReason = nil
        line.graceEnd = nil
        line.retryEnd = nil
        line.retryAfterRefund = false
        line.autoRenewPreference = product
        line.willAutoRenew = true
        if shared { state.groups[g].shared = line } else { state.groups[g].own = line }
        notify(.DID_RENEW, recovery == nil ? nil : .BILLING_RECOVERY, record: index, group: g, shared: shared, effects: &effects)
        deliverUpdate(index, effects: &effects)
    }

    /// How a subscription in billing trouble recovers.
    enum Recovery {
        /// Recovered during grace: the billing cycle does not change.
        case inGrace
        /// Recovered after grace: the cycle restarts on the recovery date.
        case afterGrace
    }

    /// §7.2: from now on renewal charges fail or succeed; fixing billing recovers every
    /// subscription in grace or billing retry at once.
    mutating func applySetBilling(ok: Bool, effects: inout StepEffects) {
        state.billingOK = ok
        guard ok else { return }
        for g in state.groups.indices {
            guard let line = state.groups[g].own else { continue }
            switch line.state {
            case .inGracePeriod:
                renew(group: g, shared: false, startingAt: state.now, recovery: .inGrace, effects: &effects)
            case .inBillingRetryPeriod:
                renew(group: g, shared: false, startingAt: state.now, recovery: .afterGrace, effects: &effects)
            case .revoked where line.retryAfterRefund:
                renew(group: g, shared: false, startingAt: state.now, recovery: .afterGrace, effects: &effects)
            default:
                break
            }
        }
    }
}
