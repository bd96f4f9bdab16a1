extension StoreModel {
    /// The record of transaction `id` if it can be refunded: the customer's own and not revoked.
    func refundableRecord(_ id: UInt64, event: Event) throws(Rejection) -> Int {
        let index = try recordIndex(id, event: event)
        let record = state.records[index]
        guard record.transaction.ownershipType == .purchased else {
            throw Rejection(event: event, reason: "transaction #\(id) is shared by the family; only its purchaser can be refunded")
        }
        guard !record.isRevoked else { throw Rejection(event: event, reason: "transaction #\(id) is already revoked") }
        return index
    }

    /// Which of the customer's own subscription lines has `index` as its latest transaction.
    func ownGroup(latest index: Int) -> Int? {
        state.groups.indices.first { state.groups[$0].own?.latest == index }
    }

    /// §9: the App Store refunds and revokes a transaction, at once. Refunding the latest
    /// transaction of a subscription revokes it (`revoked`); refunding any transaction of a
    /// group also turns off auto-renew of the customer's active subscription there (§9: "the
    /// App Store disabled subscription auto-renewal after the customer requested a refund").
    mutating func applyRefund(id: UInt64, reason: RevocationReason, event: Event, effects: inout StepEffects) throws(Rejection) {
        let index = try refundableRecord(id, event: event)
        let now = state.now
        state.records[index].transaction.revocationDate = now
        state.records[index].transaction.revocationReason = reason
        state.records[index].transaction.signedDate = now
        state.records[index].revokedByRefund = true
        let group = catalog.groupIndex(ofProduct: state.records[index].product)
        if let g = group, var line = state.groups[g].own, line.isActive {
            let wasRenewing = line.willAutoRenew
            if line.latest == index {
                let inTrouble = line.state == .inGracePeriod || line.state == .inBillingRetryPeriod
                line.state = .revoked
                line.graceEnd = nil
                line.retryAfterRefund = inTrouble && settings.variations.billingRetryContinuesAfterRefund
                if !line.retryAfterRefund { line.retryEnd = nil }
            }
            line.willAutoRenew = false
            if !settings.variations.pendingDowngradeSurvivesRefund || line.autoRenewPreference == line.currentProduct {
                line.autoRenewPreference = nil
            }
            state.groups[g].own = line
            notify(.REFUND, nil, record: index, group: g, effects: &effects)
            if wasRenewing {
                notify(.DID_CHANGE_RENEWAL_STATUS, .AUTO_RENEW_DISABLED, record: index, group: g, effects: &effects)
            }
        } else {
            if let g = group, var line = state.groups[g].own, line.latest == index, line.state == .expired {
                // §9 [DOC]: the refunded subscription's status becomes revoked, also after it expired.
                line.state = .revoked
                state.groups[g].own = line
            }
            notify(.REFUND, nil, record: index, group: group, effects: &effects)
        }
        deliverUpdate(index, effects: &effects)
    }

    /// §9 [DOC]/[INF]: a reversed refund reinstates the transaction; a subscription whose
    /// period has not ended is active again, with its renewal date unchanged.
    mutating func applyRefundReversed(id: UInt64, event: Event, effects: inout StepEffects) throws(Rejection) {
        let index = try recordIndex(id, event: event)
        guard state.records[index].isRevoked, state.records[index].revokedByRefund else {
            throw Rejection(event: event, reason: "transaction #\(id) has no refund to reverse")
        }
        state.records[index].transaction.revocationDate = nil
        state.records[index].transaction.revocationReason = nil
        state.records[index].transaction.signedDate = state.now
        state.records[index].revokedByRefund = false
        if let g = ownGroup(latest: index), var line = state.groups[g].own, line.state == .revoked {
            line.retryAfterRefund = false
            line.retryEnd = nil
            if state.now < line.expiration {
                line.state = .subscribed
                line.expirationReason = nil
            } else {
                line.state = .expired
                line.expirationReason = line.expirationReason ?? .autoRenewDisabled
            }
            state.groups[g].own = line
            notify(.REFUND_REVERSED, nil, record: index, group: g, effects: &effects)
        } else {
            notify(.REFUND_REVERSED, nil, record: index, effects: &effects)
        }
        if settings.variations.refundReversalDelivered { deliverUpdate(index, effects: &effects) }
    }

    /// §6: `AppStore.sync()` refreshes the same state; it creates nothing and restores nothing revoked.
    mutating func applyRestore(effects: inout StepEffects) {
        if settings.variations.syncReplaysLatestRenewal,
            let latest = state.records.lastIndex(where: { $0.transaction.reason == .renewal && $0.transaction.ownershipType == .purchased })
        {
            state.records[latest].finished = false
        }
        effects.messages.append(.restore)
    }
}
