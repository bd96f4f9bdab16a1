/// What the developer does to a subscription through the Developer API (play-billing-semantics
/// §6.5, §10.1): `subscriptionsv2.cancel` with its default `cancellationType`
/// (`DEVELOPER_REQUESTED_STOP_PAYMENTS`) or `USER_REQUESTED_STOP_RENEWALS`, which behaves like the
/// customer's own cancel: they can restore it in the Play Store. Like a customer's cancel, auto-renew goes off, the state is
/// `CANCELED` with `SUBSCRIPTION_CANCELED`, and access continues to the end of the paid period; unlike
/// it, `canceledStateContext` names the developer and the customer cannot restore the subscription in
/// the Play Store (the app may still sell it again: an in-app re-signup is a plain purchase).
///
/// [INF] where the contract is silent: a developer cancel of an installment plan is not scheduled for
/// the end of the commitment (it stops payments, so no further installment is charged); one during
/// account hold ends the subscription at once, as a customer's does (§6.3); a subscription whose
/// auto-renew is already off (canceled, prepaid, paused) cannot be canceled again.
///
/// `subscriptionsv2.defer` moves the renewal date (a prepaid plan's expiry) by one day to one year
/// per call; access continues with no charge and `SUBSCRIPTION_DEFERRED` is sent; the new date is the
/// billing anchor from then on (§11). [INF]: only an `ACTIVE` subscription whose period is paid (not
/// in grace, silent retry, hold or pause, not canceled, not waiting for a `DEFERRED` replacement) can
/// be deferred; the acknowledgement deadline does not move.
extension PlayModel {
    /// §6.5, §10.1: the developer cancels token `number`; access continues to the end of the period.
    /// [INF] both types cancel the same way (no installment is scheduled, hold ends at once); only
    /// whether the customer can restore differs, and `canceledStateContext` names the developer.
    mutating func applyDeveloperCancel(
        _ number: Int, type: PlayDeveloperCancellationType, event: PlayEvent, effects: inout PlayStepEffects
    ) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        let s = status(of: index)
        guard let record = tokens[index].subscription, record.autoRenew, [.active, .inGracePeriod, .onHold].contains(s) else {
            throw PlayRejection(event: event, reason: "token #\(number) is not a renewing subscription (\(s.rawValue))")
        }
        tokens[index].subscription?.autoRenew = false
        let cancellation: PlayCancellation = type.restorable ? .developerStopRenewals : .developer
        tokens[index].subscription?.cancellation = cancellation
        tokens[index].subscription?.scheduledPause = nil
        tokens[index].subscription?.pendingCancellation = false
        if s == .onHold {
            end(index, cancellation: cancellation, effects: &effects)  // [INF] as §6.3's cancel during hold: expiry already past
        } else {
            notify(.subscriptionCanceled, index, effects: &effects)
        }
    }

    /// Why the customer cannot restore token `index` in the Play Store, or nil when they can (§6.5).
    public func restoreRefusal(_ index: Int, number: Int) -> String? {
        guard status(of: index) == .canceled else { return "token #\(number) is not a subscription the customer canceled and still has" }
        switch tokens[index].subscription?.cancellation {
        case .user?, .developerStopRenewals?: return nil  // §6.5: USER_REQUESTED_STOP_RENEWALS behaves like the customer's cancel
        case .developer?:
            return "the developer canceled token #\(number) (DEVELOPER_REQUESTED_STOP_PAYMENTS), which blocks restore in the Play Store (§6.5)"
        default: return "token #\(number) is not a subscription the customer canceled and still has"
        }
    }

    /// §6.5: the developer defers token `number`'s billing by `length`; the renewal date moves, no charge.
    mutating func applyDefer(_ number: Int, by length: ISODuration, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        guard status(of: index) == .active, let record = tokens[index].subscription, case .active = record.phase, record.deferredFrom == nil else {
            throw PlayRejection(event: event, reason: "token #\(number) is not an ACTIVE subscription with a paid period (\(status(of: index).rawValue))")
        }
        let moved = record.expiry.adding(length)
        guard !length.isNegative, moved >= record.expiry.adding(.days(1)), moved <= record.expiry.adding(ISODuration(years: 1)) else {
            throw PlayRejection(event: event, reason: "a defer moves the renewal date by 1 day to 1 year per call, not \(length.iso8601) (§6.5)")
        }
        guard moved <= Instant.latestSupported else {
            throw PlayRejection(event: event, reason: "the renewal date cannot pass \(Instant.latestSupported.iso8601)")
        }
        tokens[index].subscription?.expiry = moved
        tokens[index].subscription?.anchor = moved
        notify(.subscriptionDeferred, index, effects: &effects)
    }
}
