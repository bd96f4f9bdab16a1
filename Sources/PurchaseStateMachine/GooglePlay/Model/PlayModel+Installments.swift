/// Installment plans (play-billing-semantics §1, V-INSTALLMENTS): the customer pays one installment
/// per period over a commitment. A customer's cancellation does not stop access: it is scheduled
/// for the end of the commitment (`SUBSCRIPTION_CANCELLATION_SCHEDULED`, state still `ACTIVE` with
/// `pendingCancellation`), installments keep being charged, and at the end of the commitment the
/// subscription is canceled and expires ([INF]: `SUBSCRIPTION_CANCELED` then `SUBSCRIPTION_EXPIRED`,
/// as when hold ends). A plan change does not wait for the commitment, but never leaves installments
/// for another plan of the same subscription (§7). Installment plans cannot be paused ([INF]: §6.4
/// lists pause lengths for other plans only).
extension PlayModel {
    static let installmentsOff = "installment plans are not offered in this history (V-INSTALLMENTS is off, §1)"

    /// Whether the store sells the one-time product or base plan `id` in this history.
    public func offers(_ id: String) -> Bool {
        guard case .basePlan(let plan, _)? = catalog.item(id), plan.kind == .installments else { return true }
        return variations.installmentsOffered
    }

    /// Whether token `index` has made every installment of its current commitment.
    func commitmentComplete(_ index: Int) -> Bool {
        guard let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }), let commitment = plan.commitmentPayments,
            let s = tokens[index].subscription
        else { return false }
        return s.paymentsMade >= commitment
    }

    /// §1: the customer cancels an installment plan before it is on hold: the cancellation waits
    /// for the end of the commitment. Returns whether it was such a cancellation.
    mutating func scheduleInstallmentCancellation(_ index: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) -> Bool {
        guard catalog.basePlan(tokens[index].basePlan ?? "")?.kind == .installments, status(of: index) != .onHold else { return false }
        guard tokens[index].subscription?.pendingCancellation == false else {
            throw PlayRejection(event: event, reason: "token #\(index + 1)'s cancellation is already scheduled for the end of its commitment")
        }
        tokens[index].subscription?.pendingCancellation = true
        tokens[index].subscription?.scheduledPause = nil
        notify(.subscriptionCancellationScheduled, index, effects: &effects)
        return true
    }

    /// `autoRenewingPlan.installmentDetails` of token `index`, for an installment plan (§10.1).
    func installmentDetails(of index: Int) -> JSONValue? {
        guard let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }), let commitment = plan.commitmentPayments,
            let s = tokens[index].subscription
        else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("initialCommittedPaymentsCount", .int(Int64(commitment))),
            ("remainingCommittedPaymentsCount", .int(Int64(max(0, commitment - s.paymentsMade)))),
        ]
        if s.pendingCancellation { members.append(("pendingCancellation", .object([]))) }
        return .object(members)
    }
}
