/// Play Billing Lab (play-billing-semantics §11 "Accelerate subscription state transition"): a
/// license tester moves an acknowledged subscription straight into grace or account hold, and its
/// payment method then declines automatically.
///
/// [INF] where the contract is silent: only an `ACTIVE`, auto-renewing subscription whose period is
/// paid can be moved (not one already failing, paused, canceled or waiting for a `DEFERRED`
/// replacement), and only into grace when its base plan has one; the move happens now, so the failed
/// renewal date is now (grace recovery renews from it, hold recovery re-anchors as usual); grace and
/// hold last the tester's 5 and 10 minutes; the declining payment method is the customer's, so renewal
/// charges fail from now on (as after `setBilling(fail)`) until `setBilling(ok)`.
extension PlayModel {
    /// §11: Play Billing Lab moves tester token `number` into `state`.
    mutating func applyBillingLab(_ number: Int, to state: PlayBillingLabState, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        guard catalog.licenseTesting else { throw PlayRejection(event: event, reason: "Play Billing Lab works for license testers only (§11)") }
        let index = try tokenIndex(number, event: event)
        guard status(of: index) == .active, let s = tokens[index].subscription, s.autoRenew, case .active = s.phase, s.deferredFrom == nil,
            let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) })
        else {
            throw PlayRejection(event: event, reason: "token #\(number) is not an ACTIVE auto-renewing subscription with a paid period")
        }
        guard tokens[index].acknowledged else {
            throw PlayRejection(event: event, reason: "token #\(number) must be acknowledged before Play Billing Lab can move it (§11)")
        }
        let grace = grace(of: plan)
        if state == .grace, grace.isZero { throw PlayRejection(event: event, reason: "the base plan has no grace period (grace 0)") }
        let holdEnd = now.adding(hold(afterGrace: 0))
        billingOK = false
        tokens[index].subscription?.anchor = now
        tokens[index].subscription?.scheduledPause = nil
        switch state {
        case .grace:
            tokens[index].subscription?.phase = .grace(until: now.adding(grace))
            tokens[index].subscription?.expiry = now.adding(grace)
            notify(.subscriptionInGracePeriod, index, effects: &effects)
        case .hold:
            tokens[index].subscription?.phase = .onHold(until: holdEnd)
            tokens[index].subscription?.expiry = now
            notify(.subscriptionOnHold, index, effects: &effects)
        }
    }
}
