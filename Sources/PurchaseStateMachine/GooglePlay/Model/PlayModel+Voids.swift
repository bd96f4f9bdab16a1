/// Voids and refunds (play-billing-semantics §5, §8).
///
/// A refund with revoke, a chargeback or a revocation voids the whole token: access ends at once
/// (a one-time `purchaseState` 1, a subscription `EXPIRED`). A refund without revoke voids nothing.
///
/// A quantity-based partial refund (`void(#N, refund, quantity: K)`, §5 [DOC]) refunds `K` units of a
/// multi-quantity one-time purchase, possibly several times. While units remain the purchase stays
/// `PURCHASED` and keeps entitling; the server view's `refundableQuantity` (productsv2) says how many
/// remain, the `VOIDED_PURCHASE` RTDN carries `refundType` 2 (`PARTIAL`), and the Voided Purchases API
/// lists the refund with its `voidedQuantity` only when asked (`includeQuantityBasedPartialRefund`).
/// Refunding the last units is a `FULL` refund (`refundType` 1): the token is voided as by a whole refund.
///
/// [INF] where the contract is silent: only a refund (`cause` `refund`) can be quantity-based, of a
/// paid one-time purchase that is not voided, consumed or not; a partial refund is reviewed like any
/// refund request under V-REFUND-REVIEW; it sends no `ONE_TIME_PRODUCT_CANCELED` (nothing is canceled).
extension PlayModel {
    /// §8: a void removes access at once; a refund without revoke changes nothing; §5: a refund of
    /// `quantity` units leaves the rest of a multi-quantity purchase.
    mutating func applyVoid(_ number: Int, cause: PlayVoidCause, quantity: Int?, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        guard cause != .unacknowledged else {
            throw PlayRejection(event: event, reason: "Google refunds unacknowledged purchases by itself at the deadline (§4)")
        }
        guard tokens[index].purchaseState == .purchased, tokens[index].voided == nil else {
            throw PlayRejection(event: event, reason: "token #\(number) is not a paid purchase that can be voided")
        }
        if tokens[index].subscription != nil, [.expired, .replaced].contains(status(of: index)) {
            throw PlayRejection(event: event, reason: "token #\(number) has ended; refunding an older order revokes nothing (§8)")
        }
        let remaining = tokens[index].quantity - tokens[index].refundedQuantity
        if let quantity {
            guard cause == .refund, tokens[index].subscription == nil else {
                throw PlayRejection(event: event, reason: "only a refund of a one-time purchase can be quantity-based (§5)")
            }
            guard quantity <= remaining else {
                throw PlayRejection(event: event, reason: "token #\(number) has \(remaining) refundable unit(s), not \(quantity) (§5 refundableQuantity)")
            }
        }
        // V-REFUND-REVIEW: a customer's refund request is reviewed first; the notice changes nothing.
        if variations.refundReviewNotified, [.refund, .refundWithoutRevoke].contains(cause) { notify(.refundReview, index, effects: &effects) }
        guard cause.revokes else { return }
        if let quantity, quantity < remaining {
            // §5: part of the purchase is refunded; the rest stays PURCHASED (refundType PARTIAL).
            tokens[index].partialRefunds.append(PlayQuantityRefund(at: now, quantity: quantity))
            notify(.voidedPurchase, index, refund: .partial, effects: &effects)
            return
        }
        tokens[index].voided = cause
        tokens[index].voidedAt = now
        tokens[index].voidedQuantity = quantity  // §5: refunding the last units is a FULL refund
        tokens[index].ackDeadline = nil
        tokens[index].subscription?.phase = .ended
        tokens[index].subscription?.endedAt = now
        tokens[index].subscription?.autoRenew = false
        notify(.voidedPurchase, index, effects: &effects)
        if tokens[index].subscription != nil { notify(.subscriptionRevoked, index, effects: &effects) }
        if tokens[index].subscription == nil, variations.oneTimeCanceledOnVoid { notify(.oneTimeProductCanceled, index, effects: &effects) }
    }
}
