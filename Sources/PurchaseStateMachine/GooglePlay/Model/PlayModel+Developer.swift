/// What the developer does to a subscription through the Developer API (play-billing-semantics
/// §6.5, §10.1): `subscriptionsv2.cancel` with its default `cancellationType`
/// (`DEVELOPER_REQUESTED_STOP_PAYMENTS`). Like a customer's cancel, auto-renew goes off, the state is
/// `CANCELED` with `SUBSCRIPTION_CANCELED`, and access continues to the end of the paid period; unlike
/// it, `canceledStateContext` names the developer and the customer cannot restore the subscription in
/// the Play Store (the app may still sell it again: an in-app re-signup is a plain purchase).
///
/// [INF] where the contract is silent: a developer cancel of an installment plan is not scheduled for
/// the end of the commitment (it stops payments, so no further installment is charged); one during
/// account hold ends the subscription at once, as a customer's does (§6.3); a subscription whose
/// auto-renew is already off (canceled, prepaid, paused) cannot be canceled again.
extension PlayModel {
    /// §6.5, §10.1: the developer cancels token `number`; access continues to the end of the period.
    mutating func applyDeveloperCancel(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        let s = status(of: index)
        guard let record = tokens[index].subscription, record.autoRenew, [.active, .inGracePeriod, .onHold].contains(s) else {
            throw PlayRejection(event: event, reason: "token #\(number) is not a renewing subscription (\(s.rawValue))")
        }
        tokens[index].subscription?.autoRenew = false
        tokens[index].subscription?.cancellation = .developer
        tokens[index].subscription?.scheduledPause = nil
        tokens[index].subscription?.pendingCancellation = false
        if s == .onHold {
            end(index, cancellation: .developer, effects: &effects)  // [INF] as §6.3's cancel during hold: expiry already past
        } else {
            notify(.subscriptionCanceled, index, effects: &effects)
        }
    }

    /// Why the customer cannot restore token `index` in the Play Store, or nil when they can (§6.5).
    func restoreRefusal(_ index: Int, number: Int) -> String? {
        guard status(of: index) == .canceled else { return "token #\(number) is not a subscription the customer canceled and still has" }
        switch tokens[index].subscription?.cancellation {
        case .user?: return nil
        case .developer?:
            return "the developer canceled token #\(number) (DEVELOPER_REQUESTED_STOP_PAYMENTS), which blocks restore in the Play Store (§6.5)"
        default: return "token #\(number) is not a subscription the customer canceled and still has"
        }
    }
}
