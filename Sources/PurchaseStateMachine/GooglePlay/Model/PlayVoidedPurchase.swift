/// One entry of the Voided Purchases API (`purchases.voidedpurchases.list`, play-billing-semantics §8).
///
/// The API is pull-only and lists only voids that revoke something (a refund without revoke is
/// not voided); it covers the last 30 days, filtered on when Google recorded the void.
public struct PlayVoidedPurchase: Hashable, Sendable {
    /// `purchaseToken`.
    public var token: String
    /// `orderId` of the voided order: for a subscription the latest one, since renewals share the token.
    public var orderID: String?
    /// `purchaseTimeMillis`: when the purchase became `PURCHASED`.
    public var purchaseTime: Instant
    /// `voidedTimeMillis`: when Google recorded the void.
    public var voidedTime: Instant
    /// Whether the token is a subscription (listed only with `type = 1`).
    public var isSubscription: Bool
    /// Why it was voided.
    public var cause: PlayVoidCause
    /// `voidedQuantity`: the units of a quantity-based refund, listed only with
    /// `includeQuantityBasedPartialRefund` (§5); nil otherwise.
    public var voidedQuantity: Int? = nil

    /// `voidedSource` (§8: 0 user, 1 developer, 2 Google), from the void's cause: a customer's
    /// refund is the user's, a revocation the developer's ([INF]: `orders.refund` or
    /// `subscriptionsv2.revoke` from the backend), a chargeback and the automatic refund of a
    /// purchase nobody acknowledged Google's ([INF]).
    public var voidedSource: Int {
        switch cause {
        case .refund, .refundWithoutRevoke: return 0
        case .revoke: return 1
        case .chargeback, .unacknowledged: return 2
        }
    }

    /// `voidedReason` (§8: 0 other … 7 chargeback; 8 an unacknowledged purchase in newer clients,
    /// [OBS]), from the void's cause; a refund and a revocation say no more than "other".
    public var voidedReason: Int {
        switch cause {
        case .refund, .refundWithoutRevoke, .revoke: return 0
        case .chargeback: return 7
        case .unacknowledged: return 8
        }
    }
}

extension PlayModel {
    /// How far back the Voided Purchases API lists voids (§8: 30 days).
    public static let voidedPurchasesWindow = ISODuration(days: 30)

    /// `purchases.voidedpurchases.list` at Google's `now` (§8): voids recorded within the last 30
    /// days, oldest first (ties by token number); `type = 0` (`includeSubscriptions == false`, the
    /// default) lists one-time products only, `type = 1` adds subscriptions.
    /// `includeQuantityBasedPartialRefund` (§5) adds the partial refunds of multi-quantity purchases
    /// and gives every quantity-based refund its `voidedQuantity`; [INF] without it a refund of the
    /// last units is still listed, as the void it is, with no quantity.
    public func voidedPurchases(includeSubscriptions: Bool = false, includeQuantityBasedPartialRefund: Bool = false) -> [PlayVoidedPurchase] {
        let earliest = now.adding(seconds: -Self.voidedPurchasesWindow.exactSeconds)
        let partial = includeQuantityBasedPartialRefund
        let entries: [PlayVoidedPurchase] = tokens.flatMap { t -> [PlayVoidedPurchase] in
            guard includeSubscriptions || t.subscription == nil else { return [] }
            func entry(_ at: Instant, _ cause: PlayVoidCause, _ units: Int?) -> PlayVoidedPurchase {
                PlayVoidedPurchase(
                    token: t.tokenString, orderID: t.orderID, purchaseTime: t.purchasedAt ?? t.created, voidedTime: at,
                    isSubscription: t.subscription != nil, cause: cause, voidedQuantity: partial ? units : nil)
            }
            var list = partial ? t.partialRefunds.map { entry($0.at, .refund, $0.quantity) } : []
            if let cause = t.voided, let at = t.voidedAt { list.append(entry(at, cause, t.voidedQuantity)) }
            return list.filter { $0.voidedTime >= earliest }
        }
        return entries.enumerated().sorted { ($0.element.voidedTime, $0.offset) < ($1.element.voidedTime, $1.offset) }.map(\.element)
    }
}
