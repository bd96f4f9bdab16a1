extension PlayModel {
    /// §7: a plan change is a new purchase with a new token linked to the old one.
    mutating func applyChangePlan(
        _ number: Int, to planID: String, mode: PlayReplacementMode, event: PlayEvent, effects: inout PlayStepEffects
    ) throws(PlayRejection) {
        guard connected else { throw PlayRejection(event: event, reason: "plan changes run in the foreground; the app is in the background") }
        let old = try tokenIndex(number, event: event)
        guard let oldPlanID = tokens[old].basePlan, let oldPlan = catalog.basePlan(oldPlanID) else {
            throw PlayRejection(event: event, reason: "token #\(number) is not a subscription")
        }
        guard [.active, .inGracePeriod, .canceled].contains(status(of: old)), tokens[old].subscription?.deferredFrom == nil else {
            throw PlayRejection(event: event, reason: "token #\(number) is \(status(of: old).rawValue); only a current subscription can change plan")
        }
        guard tokens[old].acknowledged else {
            throw PlayRejection(event: event, reason: "token #\(number) is not acknowledged; Play blocks plan changes until it is (§4)")
        }
        guard let plan = catalog.basePlan(planID), let product = catalog.subscription(ofPlan: planID), planID != oldPlanID else {
            throw PlayRejection(event: event, reason: "\"\(planID)\" is not another base plan of the catalog")
        }
        guard offers(planID) else { throw PlayRejection(event: event, reason: Self.installmentsOff) }
        if oldPlan.kind == .installments, product == tokens[old].product, plan.kind != .installments {
            throw PlayRejection(event: event, reason: "an installment plan cannot switch to a non-installment plan of the same subscription (§7)")
        }
        // §7 "Set the replacement mode": a wrong mode makes the purchase fail.
        if plan.kind == .prepaid, mode != .chargeFullPrice {
            throw PlayRejection(event: event, reason: "a switch to a prepaid plan allows only chargeFullPrice")
        }
        if product == tokens[old].product, plan.kind != .prepaid, ![.chargeFullPrice, .withoutProration].contains(mode) {
            throw PlayRejection(event: event, reason: "within one subscription only chargeFullPrice or withoutProration are allowed")
        }
        if oldPlan.kind == .prepaid, mode == .deferred {
            throw PlayRejection(event: event, reason: "a prepaid plan has no renewal date to defer to")
        }
        if tokens.indices.contains(where: { $0 != old && tokens[$0].products.contains(product) && status(of: $0).entitles }) {
            throw PlayRejection(event: event, reason: "another token already owns \(product)")
        }
        let index = newToken(product: product, plan: plan, quantity: 1, pending: false)
        tokens[index].linkedToken = number
        let remaining = max(0, now.seconds(to: tokens[old].subscription?.expiry ?? now))
        markPurchased(index)
        var record = tokens[index].subscription!
        switch mode {
        case .deferred:
            record.deferredFrom = oldPlanID  // §7: the old entitlement lives in the new token until the renewal date
            record.expiry = tokens[old].subscription?.expiry ?? now
        case .chargeFullPrice:
            record.expiry = now.adding(period(of: plan)).adding(seconds: remaining)
        case .withTimeProration, .chargeProratedPrice, .withoutProration:
            // [INF] prices are not modelled: the billing date stays the old one.
            record.expiry = tokens[old].subscription?.expiry ?? now.adding(period(of: plan))
            // §7 "Replacement modes": WITHOUT_PRORATION keeps any remaining free period.
            if mode == .withoutProration { record.inTrial = tokens[old].subscription?.inTrial ?? false }
        }
        record.anchor = record.expiry
        tokens[index].subscription = record
        retire(old, by: index, effects: &effects)
        deliver(.ok, [index], replacing: old, effects: &effects)
        notify(.subscriptionPurchased, index, effects: &effects)
    }

    /// §7 V-OLD-TOKEN-AFTER-REPLACE: the old token stops entitling at once; the app that asked
    /// for the replacement knows it.
    mutating func retire(_ old: Int, by index: Int, effects: inout PlayStepEffects) {
        tokens[old].replacedBy = index + 1
        let atOnce = tokens[index].subscription?.deferredFrom == nil
        tokens[old].subscription?.replacedAtOnce = atOnce
        tokens[old].subscription?.phase = .ended
        tokens[old].subscription?.endedAt = now
        tokens[old].subscription?.autoRenew = false
        tokens[old].subscription?.cancellation = .replacement
        if connected {
            noteSeen(old)
            knowledge[old].toldReplaced = true
        }
        if variations.replacedTokenCanceledFirst { notify(.subscriptionCanceled, old, effects: &effects) }
        notify(.subscriptionExpired, old, effects: &effects)
    }

    /// §6.5: the customer turns auto-renew off; access continues to the end of the period.
    mutating func applyCancel(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        let s = status(of: index)
        guard let record = tokens[index].subscription, record.autoRenew, [.active, .inGracePeriod, .onHold].contains(s) else {
            throw PlayRejection(event: event, reason: "token #\(number) is not a renewing subscription (\(s.rawValue))")
        }
        if try scheduleInstallmentCancellation(index, event: event, effects: &effects) { return }
        tokens[index].subscription?.autoRenew = false
        tokens[index].subscription?.cancellation = .user
        tokens[index].subscription?.scheduledPause = nil
        if s == .onHold {
            end(index, cancellation: .user, effects: &effects)  // §6.3: canceled during hold, expiry already past
        } else {
            notify(.subscriptionCanceled, index, effects: &effects)
        }
    }

    /// §6.5 "Restore prior to expiration": same token, renews as if never canceled.
    mutating func applyRestore(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        if let refusal = restoreRefusal(index, number: number) { throw PlayRejection(event: event, reason: refusal) }
        tokens[index].subscription?.autoRenew = true
        tokens[index].subscription?.cancellation = nil
        notify(.subscriptionRestarted, index, effects: &effects)
    }

    /// §6.4: a pause is scheduled for the end of the period; access continues until then.
    mutating func applyPause(_ number: Int, length: ISODuration, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        guard status(of: index) == .active, let record = tokens[index].subscription, record.autoRenew, record.deferredFrom == nil,
            let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }), plan.kind == .autoRenewing
        else {
            throw PlayRejection(event: event, reason: "token #\(number) is not an active auto-renewing subscription")
        }
        guard pauseEnabled || catalog.licenseTesting else {
            throw PlayRejection(event: event, reason: "the console has turned pausing off; only license testers can pause (§6.4)")
        }
        guard let allowed = Self.pauseLengths(for: plan.period), allowed.contains(where: { $0.hasSameLength(as: length) }) else {
            throw PlayRejection(
                event: event,
                reason: "a \(plan.period.iso8601) plan pauses for \(Self.pauseLengths(for: plan.period)?.map(\.iso8601).joined(separator: ", ") ?? "no length (annual plans cannot pause)")")
        }
        tokens[index].subscription?.scheduledPause = length
        notify(.subscriptionPauseScheduleChanged, index, effects: &effects)
    }

    /// §6.4: weekly plans pause 1–4 weeks; monthly to 6-monthly plans 1–3 months; annual plans never.
    public static func pauseLengths(for period: ISODuration) -> [ISODuration]? {
        let days = period.approximateSeconds / 86_400
        if days <= 7 { return (1...4).map { ISODuration(weeks: $0) } }
        if days < 360 { return (1...3).map { ISODuration(months: $0) } }
        return nil
    }

    /// §6.4: a manual resume (or cancelling a scheduled pause); the billing date moves to now.
    mutating func applyUnpause(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        if status(of: index) == .active, tokens[index].subscription?.scheduledPause != nil {
            tokens[index].subscription?.scheduledPause = nil
            notify(.subscriptionPauseScheduleChanged, index, effects: &effects)
            return
        }
        guard status(of: index) == .paused, let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }) else {
            throw PlayRejection(event: event, reason: "token #\(number) is neither paused nor scheduled to pause")
        }
        resumeFromPause(index, plan: plan, effects: &effects)
    }

    /// §6.3: billing fails or is fixed; a fix recovers grace (same anchor) and hold (re-anchored).
    mutating func applySetBilling(ok: Bool, effects: inout PlayStepEffects) {
        billingOK = ok
        guard ok else { return }
        for i in tokens.indices where tokens[i].voided == nil && tokens[i].replacedBy == nil {
            // A canceled subscription is not charged again: it runs out at the end of grace (§6.5).
            guard let s = tokens[i].subscription, s.autoRenew, let plan = tokens[i].basePlan.flatMap({ catalog.basePlan($0) }) else { continue }
            switch s.phase {
            case .grace:
                renew(i, from: s.anchor, plan: plan, effects: &effects,
                      type: variations.graceRecoverySendsRecovered ? .subscriptionRecovered : .subscriptionRenewed)
            case .silentGrace:
                renew(i, from: s.anchor, plan: plan, effects: &effects)
            case .onHold:
                renew(i, from: now, plan: plan, effects: &effects, type: .subscriptionRecovered)
            default: break
            }
        }
    }
}
