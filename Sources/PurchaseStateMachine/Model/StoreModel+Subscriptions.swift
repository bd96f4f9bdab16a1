extension StoreModel {
    /// §7, §10: a first subscription or a resubscription; applies the introductory offer when eligible.
    mutating func startSubscription(
        _ p: Int, group g: Int, resubscribe: Bool, intro: Bool, purchase: Purchase, verified: Bool,
        effects: inout StepEffects
    ) -> Int {
        guard let sub = catalog.products[p].subscription else { return -1 }
        let now = state.now
        let offer = intro ? sub.introductoryOffer : nil
        let firstPeriod = offer.map { $0.mode == .payAsYouGo ? $0.duration : $0.duration.times($0.periods) } ?? sub.period
        let expiration = now.adding(firstPeriod)
        let previous = state.groups[g].own
        let keepOriginal = resubscribe && !settings.variations.resubscribeStartsNewOriginalID
        let originalID = keepOriginal ? previous?.originalID : nil
        let originalDate = keepOriginal ? previous.map { state.records[$0.latest].transaction.originalPurchaseDate } : nil
        let offerType: OfferType? = intro ? .introductory : purchase.offer.map(OfferType.init)
        let index = newRecord(
            product: p, originalID: originalID, purchaseDate: now, originalPurchaseDate: originalDate ?? nil,
            expiration: expiration, ownership: .purchased, offer: offerType, token: purchase.appAccountToken,
            quantity: 1, reason: .purchase, verified: verified)
        if intro { state.groups[g].introUsed = true }
        state.groups[g].own = SubscriptionLine(
            ownership: .purchased, state: .subscribed, currentProduct: p, latest: index,
            originalID: state.records[index].transaction.originalID, willAutoRenew: true, autoRenewPreference: p,
            expirationReason: nil, graceEnd: nil, retryEnd: nil, expiration: expiration,
            anchor: now, anchorPeriod: firstPeriod, periodsSinceAnchor: 1,
            introPeriodsLeft: offer.map { $0.mode == .payAsYouGo ? $0.periods - 1 : 0 } ?? 0,
            inOfferPeriod: intro, retryAfterRefund: false)
        notify(.SUBSCRIBED, resubscribe ? .RESUBSCRIBE : .INITIAL_BUY, record: index, group: g, effects: &effects)
        return index
    }

    /// §8: an upgrade or same-length crossgrade takes effect now: the old transaction is marked
    /// `isUpgraded`, a new one starts a new billing period, no introductory offer applies.
    mutating func changeImmediately(
        to p: Int, group g: Int, isCrossgrade: Bool, purchase: Purchase, verified: Bool, effects: inout StepEffects
    ) -> (old: Int, new: Int) {
        guard var line = state.groups[g].own, let sub = catalog.products[p].subscription else { return (-1, -1) }
        let now = state.now
        let old = line.latest
        state.records[old].transaction.isUpgraded = true
        if settings.variations.upgradedTransactionRevoked {
            state.records[old].transaction.revocationDate = now
            state.records[old].transaction.revocationReason = .other
        }
        state.records[old].transaction.signedDate = now
        let keep = !settings.variations.upgradeStartsNewOriginalID
        let expiration = now.adding(sub.period)
        let index = newRecord(
            product: p, originalID: keep ? line.originalID : nil, purchaseDate: now,
            originalPurchaseDate: keep ? state.records[old].transaction.originalPurchaseDate : nil,
            expiration: expiration, ownership: .purchased, offer: nil, token: purchase.appAccountToken,
            quantity: 1, reason: .purchase, verified: verified)
        line.currentProduct = p
        line.latest = index
        line.originalID = state.records[index].transaction.originalID
        line.willAutoRenew = true
        line.autoRenewPreference = p
        line.expiration = expiration
        line.anchor = now
        line.anchorPeriod = sub.period
        line.periodsSinceAnchor = 1
        line.introPeriodsLeft = 0
        line.inOfferPeriod = false
        state.groups[g].own = line
        let subtype: NotificationSubtype? =
            isCrossgrade && settings.variations.immediateCrossgradeHasNoSubtype ? nil : .UPGRADE
        notify(.DID_CHANGE_RENEWAL_PREF, subtype, record: index, group: g, effects: &effects)
        return (old, index)
    }

    /// §8: a downgrade or different-length crossgrade only changes what renews next.
    mutating func scheduleChange(to p: Int, group g: Int, isCrossgrade: Bool, effects: inout StepEffects) {
        guard var line = state.groups[g].own else { return }
        line.autoRenewPreference = p
        line.willAutoRenew = true
        state.groups[g].own = line
        let subtype: NotificationSubtype? =
            isCrossgrade && !settings.variations.delayedCrossgradeIsDowngrade ? nil : .DOWNGRADE
        notify(.DID_CHANGE_RENEWAL_PREF, subtype, record: line.latest, group: g, effects: &effects)
    }

    /// §7.1, §7.2: the customer turns auto-renew off (at once expiring a subscription in
    /// billing trouble) or back on (which also cancels a pending downgrade).
    mutating func applySetAutoRenew(group: String, enabled: Bool, event: Event, effects: inout StepEffects) throws(Rejection) {
        guard let g = catalog.groupIndex(of: group) else {
            throw Rejection(event: event, reason: "the catalog has no subscription group \"\(group)\"")
        }
        guard var line = state.groups[g].own, line.isActive else {
            throw Rejection(event: event, reason: "no active subscription in \(group)")
        }
        if enabled {
            guard line.state == .subscribed else {
                throw Rejection(event: event, reason: "the subscription is in \(line.state.rawValue); auto-renew cannot be turned on")
            }
            guard !line.willAutoRenew || line.autoRenewPreference != line.currentProduct else {
                throw Rejection(event: event, reason: "auto-renew is already on")
            }
            let cancelsPendingChange = line.willAutoRenew
            line.willAutoRenew = true
            line.autoRenewPreference = line.currentProduct
            state.groups[g].own = line
            if cancelsPendingChange {
                // §8 [DOC]: going back to the current plan cancels a pending downgrade or
                // crossgrade: DID_CHANGE_RENEWAL_PREF with no subtype (auto-renew was already on).
                notify(.DID_CHANGE_RENEWAL_PREF, nil, record: line.latest, group: g, effects: &effects)
            } else {
                notify(.DID_CHANGE_RENEWAL_STATUS, .AUTO_RENEW_ENABLED, record: line.latest, group: g, effects: &effects)
            }
            return
        }
        guard line.willAutoRenew else { throw Rejection(event: event, reason: "auto-renew is already off") }
        line.willAutoRenew = false
        line.autoRenewPreference = nil
        state.groups[g].own = line
        notify(.DID_CHANGE_RENEWAL_STATUS, .AUTO_RENEW_DISABLED, record: line.latest, group: g, effects: &effects)
        if line.state != .subscribed {
            expire(group: g, shared: false, reason: .autoRenewDisabled, effects: &effects)
        }
    }

    /// Ends a line's service: `expired` with `reason`, no retry, no grace.
    mutating func expire(group g: Int, shared: Bool, reason: ExpirationReason, effects: inout StepEffects) {
        guard var line = shared ? state.groups[g].shared : state.groups[g].own else { return }
        line.state = .expired
        line.expirationReason = reason
        line.graceEnd = nil
        line.retryEnd = nil
        line.willAutoRenew = false
        line.autoRenewPreference = nil
        line.retryAfterRefund = false
        if shared { state.groups[g].shared = line } else { state.groups[g].own = line }
        let subtype: NotificationSubtype? = reason == .autoRenewDisabled ? .VOLUNTARY : reason == .billingError ? .BILLING_RETRY : nil
        notify(.EXPIRED, subtype, record: line.latest, group: g, shared: shared, effects: &effects)
    }
}
