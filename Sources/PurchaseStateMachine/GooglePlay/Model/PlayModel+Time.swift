extension PlayModel {
    /// §11: moves Google's clock to `target`, applying every deadline, renewal, grace, hold,
    /// pause and expiry boundary on the way in time order (ties by token number).
    mutating func advanceTime(to target: Instant, effects: inout PlayStepEffects) {
        while let (when, index) = nextBoundary(), when <= target {
            now = when
            crossBoundary(of: index, effects: &effects)
        }
        now = target
    }

    /// The earliest boundary of any token, and whose it is.
    public func nextBoundary() -> (Instant, Int)? {
        var best: (Instant, Int)?
        for i in tokens.indices {
            guard let when = boundary(of: i) else { continue }
            if best == nil || when < best!.0 { best = (when, i) }
        }
        return best
    }

    /// The next instant at which token `index` changes by itself, if any.
    public func boundary(of index: Int) -> Instant? {
        let t = tokens[index]
        guard t.voided == nil, t.replacedBy == nil else { return nil }
        var candidates: [Instant] = []
        if let deadline = t.ackDeadline, !t.acknowledged, t.purchaseState == .purchased { candidates.append(deadline) }
        if t.purchaseState == .pending { candidates.append(t.preorderRelease ?? t.created.adding(.days(variations.pendingTimeoutDays))) }
        if t.purchaseState == .purchased, let s = t.subscription {
            switch s.phase {
            case .active: candidates.append(s.expiry)
            case .grace(let until), .silentGrace(let until), .onHold(let until), .paused(let until): candidates.append(until)
            case .ended: break
            }
        }
        return candidates.min()
    }

    /// Applies whatever is due for token `index` at `now`.
    private mutating func crossBoundary(of index: Int, effects: inout PlayStepEffects) {
        let t = tokens[index]
        if let deadline = t.ackDeadline, !t.acknowledged, t.purchaseState == .purchased, deadline <= now {
            // §4: not acknowledged in three days: refunded and revoked.
            lapse(index, effects: &effects)
            return
        }
        if t.purchaseState == .pending, t.preorderRelease != nil {
            announcePurchased(index, effects: &effects, listener: true)  // §1: a pre-order is released
            return
        }
        if t.purchaseState == .pending {
            cancelPending(index, effects: &effects)  // §3 V-PENDING-TIMEOUT
            return
        }
        guard let s = t.subscription, let plan = t.basePlan.flatMap({ catalog.basePlan($0) }) else { return }
        switch s.phase {
        case .active: reachExpiry(index, plan: plan, effects: &effects)
        case .grace, .silentGrace:
            // §6.3: grace is over unrecovered: account hold (or the end, when canceled or hold is 0).
            let graceDays = Int(s.anchor.seconds(to: now) / 86_400)
            let hold = self.hold(afterGrace: graceDays)
            if !s.autoRenew || hold.isZero {
                end(index, cancellation: .system, effects: &effects)
            } else {
                tokens[index].subscription?.phase = .onHold(until: now.adding(hold))
                tokens[index].subscription?.expiry = s.anchor
                notify(.subscriptionOnHold, index, effects: &effects)
            }
        case .onHold:
            end(index, cancellation: .system, effects: &effects)  // §6.3 "Hold ends unrecovered"
        case .paused:
            resumeFromPause(index, plan: plan, effects: &effects)  // §6.4 automatic resume
        case .ended: break
        }
    }

    /// §6.2–§6.4, §7: the current period of token `index` ends.
    private mutating func reachExpiry(_ index: Int, plan: PlayBasePlan, effects: inout PlayStepEffects) {
        guard let s = tokens[index].subscription else { return }
        // §11: a license tester's subscription renews at most six times, then ends ([INF] as an expiry).
        let renewalsUsed = catalog.licenseTesting && s.renewals >= PlayLicenseTestTimes.maxRenewals
        if plan.kind == .prepaid || !s.autoRenew || renewalsUsed {
            end(index, cancellation: nil, effects: &effects)  // §1 prepaid runs out; §6.5 expiry
            return
        }
        if s.pendingCancellation, commitmentComplete(index) {
            end(index, cancellation: .user, effects: &effects)  // §1: the cancellation takes effect at the end of the commitment
            return
        }
        if let pause = s.scheduledPause {
            // §6.4: the pause starts at the end of the period.
            tokens[index].subscription?.scheduledPause = nil
            let until = now.adding(pauseDuration(pause))
            tokens[index].subscription?.phase = .paused(until: until)
            notify(.subscriptionPaused, index, effects: &effects)
            return
        }
        if billingOK {
            renew(index, from: s.expiry, plan: plan, effects: &effects)
            return
        }
        // §6.3: the renewal charge failed: grace, or silent grace when grace is 0.
        tokens[index].subscription?.anchor = s.expiry
        let grace = grace(of: plan)
        if grace.isZero {
            let until = now.adding(silentRetry)
            tokens[index].subscription?.phase = .silentGrace(until: until)
            tokens[index].subscription?.expiry = until
        } else {
            let until = now.adding(grace)
            tokens[index].subscription?.phase = .grace(until: until)
            tokens[index].subscription?.expiry = until
            notify(.subscriptionInGracePeriod, index, effects: &effects)
        }
    }

    /// §6.2: a successful charge: same token, a new order, the next period from `from`.
    mutating func renew(_ index: Int, from: Instant, plan: PlayBasePlan, effects: inout PlayStepEffects, type: PlayNotificationType = .subscriptionRenewed) {
        tokens[index].subscription?.phase = .active
        // §7: a DEFERRED replacement takes effect with the first successful charge of the new plan
        // ([INF]: while that charge fails, grace keeps the old plan's entitlement).
        if tokens[index].subscription?.deferredFrom != nil { tokens[index].subscription?.deferredSwitchedAt = from }
        tokens[index].subscription?.deferredFrom = nil
        let next = from.adding(period(of: plan))
        tokens[index].subscription?.expiry = next
        tokens[index].subscription?.anchor = next
        // §11: a free trial is not one of a license tester's six renewals.
        if tokens[index].subscription?.inTrial == false { tokens[index].subscription?.renewals += 1 }
        tokens[index].subscription?.inTrial = false
        tokens[index].orders += 1
        // §1: the next installment, or the first of a new commitment.
        let payments = commitmentComplete(index) ? 1 : (tokens[index].subscription?.paymentsMade ?? 0) + 1
        tokens[index].subscription?.paymentsMade = payments
        notify(type, index, effects: &effects)
        if variations.renewalOnListener { deliver(.ok, [index], effects: &effects) }  // V-RENEWAL-ON-LISTENER
    }

    /// §6.4: the pause is over: a charge re-anchors the billing date, a failure goes to hold.
    mutating func resumeFromPause(_ index: Int, plan: PlayBasePlan, effects: inout PlayStepEffects) {
        if billingOK {
            renew(index, from: now, plan: plan, effects: &effects, type: .subscriptionRecovered)
        } else {
            tokens[index].subscription?.anchor = now
            tokens[index].subscription?.expiry = now
            let until = now.adding(hold(afterGrace: 0))
            tokens[index].subscription?.phase = .onHold(until: until)
            notify(.subscriptionOnHold, index, effects: &effects)
        }
    }

    /// §6.3, §6.5: the subscription is over (`CANCELED` first when the system canceled it).
    mutating func end(_ index: Int, cancellation: PlayCancellation?, effects: inout PlayStepEffects) {
        tokens[index].subscription?.phase = .ended
        tokens[index].subscription?.endedAt = now
        tokens[index].subscription?.autoRenew = false
        if let cancellation {
            tokens[index].subscription?.cancellation = cancellation
            notify(.subscriptionCanceled, index, effects: &effects)
        }
        notify(.subscriptionExpired, index, effects: &effects)
    }

    /// §4, §8: Google refunds and revokes a purchase nobody acknowledged in time.
    mutating func lapse(_ index: Int, effects: inout PlayStepEffects) {
        tokens[index].voided = .unacknowledged
        tokens[index].voidedAt = now
        tokens[index].ackDeadline = nil
        tokens[index].subscription?.phase = .ended
        tokens[index].subscription?.endedAt = now
        tokens[index].subscription?.autoRenew = false
        effects.lapsed.append(index + 1)
        notify(.voidedPurchase, index, effects: &effects)
        if tokens[index].subscription != nil, !variations.lapseSendsVoidedOnly { notify(.subscriptionRevoked, index, effects: &effects) }
    }
}

extension PlayModel {
    /// The parts `event` is applied in, so that a subject hears of each pre-order release before
    /// later boundaries (§1, §4): an `advanceTime` that passes a release is split just after it
    /// (the app acknowledges when the release reaches it); any other event is one part.
    public func stretches(of event: PlayEvent) -> [PlayEvent] {
        guard case .advanceTime(let duration) = event, !duration.isNegative, !duration.isZero else { return [event] }
        let target = now.adding(duration)
        guard target <= Instant.latestSupported, target > now else { return [event] }
        var releases: [Instant] = []
        for t in tokens where t.purchaseState == .pending {
            if let r = t.preorderRelease, r > now, r < target, !releases.contains(r) { releases.append(r) }
        }
        guard !releases.isEmpty else { return [event] }
        var parts: [PlayEvent] = []
        var from = now
        for r in releases.sorted() + [target] {
            parts.append(.advanceTime(by: ISODuration(seconds: Int(from.seconds(to: r)))))
            from = r
        }
        return parts
    }
}
