extension PlayModel {
    /// §2.3, §2.4, §10.2: a promo code for one-time product `id` is redeemed in the Play Store,
    /// outside the app. The purchase is `PURCHASED` at once, with no `orderId` and `purchaseType` 1;
    /// backends get `ONE_TIME_PRODUCT_PURCHASED`; the listener is never called: the app hears of it
    /// only from a `queryPurchasesAsync`, and must acknowledge or consume it within three days like
    /// any purchase (§4). An app in the background learns of it at its next resume or launch; an
    /// app in the foreground was left for the Play Store and comes back, so it resumes and queries
    /// at once ([INF]). [INF]: only one-time products (a subscription's promo code is a free-trial
    /// offer, which the model does not redeem out of the app), one unit, and an item the customer
    /// still owns cannot be redeemed again (§5 `ITEM_ALREADY_OWNED`).
    mutating func redeemPromo(_ id: String, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        guard case .oneTime(let product)? = catalog.item(id), product.preorderRelease.map({ $0 <= now }) ?? true else {
            throw PlayRejection(event: event, reason: "\"\(id)\" is not a released one-time product of the catalog")
        }
        guard ownedBlocker(product: product.id, plan: nil) == nil else {
            throw PlayRejection(event: event, reason: "the customer still owns \(product.id) (§5: consume it first)")
        }
        let index = newToken(product: product.id, plan: nil, quantity: 1, pending: false)
        tokens[index].promo = true
        announcePurchased(index, effects: &effects, listener: false)
        if connected { effects.messages.append(connect(.resume)) }
    }
}
