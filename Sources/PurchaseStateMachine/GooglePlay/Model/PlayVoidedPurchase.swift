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
}

extension PlayModel {
    /// How far back the Voided Purchases API lists voids (§8: 30 days).
    public static let voidedPurchasesWindow = ISODuration(days: 30)

    /// `purchases.voidedpurchases.list` at Google's `now` (§8): voids recorded within the last 30
    /// days, oldest first (ties by token number); `type = 0` (`includeSubscriptions == false`, the
    /// default) lists one-time products only, `type = 1` adds subscriptions.
    public func voidedPurchases(includeSubscriptions: Bool = false) -> [PlayVoidedPurchase] {
        let earliest = now.adding(seconds: -Self.voidedPurchasesWindow.exactSeconds)
        let entries: [PlayVoidedPurchase] = tokens.compactMap { t in
            guard let cause = t.voided, let at = t.voidedAt, at >= earliest else { return nil }
            guard includeSubscriptions || t.subscription == nil else { return nil }
            return PlayVoidedPurchase(
                token: t.tokenString, orderID: t.orderID, purchaseTime: t.purchasedAt ?? t.created, voidedTime: at,
                isSubscription: t.subscription != nil, cause: cause)
        }
        return entries.enumerated().sorted { ($0.element.voidedTime, $0.offset) < ($1.element.voidedTime, $1.offset) }.map(\.element)
    }
}
