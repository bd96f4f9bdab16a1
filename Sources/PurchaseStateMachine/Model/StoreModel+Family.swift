extension StoreModel {
    /// §11: a family member's purchase becomes available: a `familyShared` transaction for a
    /// non-consumable, or a shared subscription status for an auto-renewable.
    mutating func applyFamilyShare(product id: String, event: Event, effects: inout StepEffects) throws(Rejection) {
        let p = try productIndex(id, event: event)
        let product = catalog.products[p]
        guard product.familyShareable else {
            throw Rejection(event: event, reason: "\(id) does not have Family Sharing enabled")
        }
        let now = state.now
        if let sub = product.subscription, let g = catalog.groupIndex(ofProduct: p) {
            if let line = state.groups[g].shared, line.state == .subscribed {
                throw Rejection(
                    event: event,
                    reason: "the family already shares \(catalog.products[line.currentProduct].id) in \(sub.group)")
            }
            let resubscribe = state.groups[g].shared != nil
            let expiration = now.adding(sub.period)
            let index = newRecord(
                product: p, originalID: nil, purchaseDate: now, originalPurchaseDate: nil, expiration: expiration,
                ownership: .familyShared, offer: nil, token: nil, quantity: 1, reason: .purchase, verified: true)
            state.groups[g].shared = SubscriptionLine(
                ownership: .familyShared, state: .subscribed, currentProduct: p, latest: index,
                originalID: UInt64(index + 1), willAutoRenew: true, autoRenewPreference: p, expirationReason: nil,
                graceEnd: nil, retryEnd: nil, expiration: expiration, anchor: now, anchorPeriod: sub.period,
                periodsSinceAnchor: 1, introPeriodsLeft: 0, inOfferPeriod: false, retryAfterRefund: false)
            notify(.SUBSCRIBED, resubscribe ? .RESUBSCRIBE : .INITIAL_BUY, record: index, group: g, shared: true, effects: &effects)
            deliverUpdate(index, effects: &effects)
            return
        }
        let shared = state.records.contains {
            $0.product == p && $0.transaction.ownershipType == .familyShared && !$0.isRevoked
        }
        if shared { throw Rejection(event: event, reason: "the family already shares \(id)") }
        let index = newRecord(
            product: p, originalID: nil, purchaseDate: now, originalPurchaseDate: nil, expiration: nil,
            ownership: .familyShared, offer: nil, token: nil, quantity: 1, reason: .purchase, verified: true)
        if settings.variations.oneTimeChargeNotifications { notify(.ONE_TIME_CHARGE, nil, record: index, effects: &effects) }
        deliverUpdate(index, effects: &effects)
    }

    /// §11: shared access is withdrawn at once: the member's transaction gets a
    /// `revocationDate` (reason `other`) and the shared status becomes `revoked`.
    mutating func applyFamilyUnshare(product id: String, event: Event, effects: inout StepEffects) throws(Rejection) {
        let p = try productIndex(id, event: event)
        let now = state.now
        var target: Int?
        if let g = catalog.groupIndex(ofProduct: p) {
            if var line = state.groups[g].shared, line.state == .subscribed, line.currentProduct == p {
                target = line.latest
                line.state = .revoked
                line.willAutoRenew = false
                line.autoRenewPreference = nil
                state.groups[g].shared = line
            }
        } else {
            target = state.records.lastIndex {
                $0.product == p && $0.transaction.ownershipType == .familyShared && !$0.isRevoked
            }
        }
        guard let index = target else {
            throw Rejection(event: event, reason: "the family does not currently share \(id)")
        }
        state.records[index].transaction.revocationDate = now
        state.records[index].transaction.revocationReason = .other
        state.records[index].transaction.signedDate = now
        notify(.REVOKE, nil, record: index, group: catalog.groupIndex(ofProduct: p), shared: true, effects: &effects)
        deliverUpdate(index, effects: &effects)
    }
}
