extension PlayModel {
    /// What `queryPurchasesAsync` answers during the last event applied: the purchases owned now
    /// (`ownedPurchases`), or under V-CLIENT-CACHE-LAG what the Play Store app's cache still holds (§2.4).
    public func queryPurchases() -> [PlayPurchase] { staleCache?.purchases ?? ownedPurchases() }

    /// The purchases owned now, as a fresh cache lists them (§2.4): unconsumed one-time purchases, subscriptions that are active,
    /// in grace or canceled and unexpired, pending purchases under V-PENDING-RETURNED-BY-QUERY,
    /// voided unconsumed one-time purchases (as `PENDING`) under V-REFUNDED-AS-PENDING, and
    /// subscriptions on hold or paused (`isSuspended`) under V-INCLUDE-SUSPENDED, and tokens an
    /// immediate replacement retired, until their original expiry, under V-OLD-TOKEN-VISIBLE.
    public func ownedPurchases() -> [PlayPurchase] {
        tokens.indices.compactMap { i in
            switch status(of: i) {
            case .purchased, .active, .inGracePeriod, .canceled: return purchase(of: i)
            case .pending: return variations.pendingReturnedByQuery ? purchase(of: i) : nil
            case .voided: return reportedAsPending(i) ? purchase(of: i) : nil
            case .onHold, .paused: return variations.includeSuspended ? purchase(of: i) : nil
            case .replaced: return variations.replacedTokenStillListed && replacedButUnexpired(i) ? purchase(of: i) : nil
            default: return nil
            }
        }
    }

    /// §8 V-REFUNDED-AS-PENDING: whether the client reports token `index`, a refunded-and-revoked
    /// one-time purchase it still caches (not consumed), as `PENDING`.
    func reportedAsPending(_ index: Int) -> Bool {
        variations.refundedReportedPending && tokens[index].voided != nil && tokens[index].subscription == nil && !tokens[index].consumed
    }

    /// §7: whether token `index` was retired by a replacement that took effect at once (not
    /// `DEFERRED`) and its original `expiryTime` is still ahead.
    func replacedButUnexpired(_ index: Int) -> Bool {
        guard let s = tokens[index].subscription, s.replacedAtOnce, tokens[index].voided == nil else { return false }
        return s.expiry > now
    }

    /// The `Purchase` object of token `index` (§2.3).
    public func purchase(of index: Int) -> PlayPurchase {
        let t = tokens[index]
        // §7 "Handle deferred replacement": until the switch the new token carries the old entitlement.
        let products = t.subscription?.deferredFrom.flatMap { catalog.subscription(ofPlan: $0) }.map { [$0] } ?? t.products
        var purchase = PlayPurchase(
            token: t.tokenString, products: products,
            state: t.purchaseState == .purchased && !reportedAsPending(index) ? .purchased : .pending, quantity: t.quantity,
            acknowledged: t.acknowledged, autoRenewing: t.subscription?.autoRenew ?? false,
            orderID: t.orderID, purchaseTime: t.purchasedAt ?? t.created,
            suspended: variations.includeSuspended && [.onHold, .paused].contains(status(of: index)))
        // §2.3, §3: the old purchase names the new one while its payment is pending.
        if let new = tokens.last(where: { $0.linkedToken == index + 1 && $0.purchaseState == .pending }) {
            purchase.pendingUpdate = PlayPendingPurchaseUpdate(products: new.products, token: new.tokenString)
        }
        return purchase
    }

    /// `purchases.subscriptionsv2.get` for token `index` (§10.1), or nil for a one-time token.
    public func subscriptionV2(of index: Int) -> JSONValue? {
        let t = tokens[index]
        guard let s = t.subscription else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("subscriptionState", .string(subscriptionState(of: index))),
            ("acknowledgementState", .string(t.acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING")),
        ]
        if let start = startTime(of: index) { members.append(("startTime", .string(start.iso8601))) }
        if let linked = t.linkedToken { members.append(("linkedPurchaseToken", .string(tokens[linked - 1].tokenString))) }
        if case .paused(let until) = s.phase { members.append(("pausedStateContext", .object([("autoResumeTime", .string(until.iso8601))]))) }
        if let c = s.cancellation, !s.autoRenew, !readsActiveAfterReplacement(index) {
            members.append(("canceledStateContext", .string(c.contextName)))
        }
        // §1: one line item per item of the purchase (V-ADDONS); [INF] the items share one lifecycle.
        var items: [JSONValue] = []
        for (product, planID) in [(t.product, t.basePlan ?? "")] + (t.addOn.map { [($0, t.addOnPlan ?? "")] } ?? []) {
            var item: [(key: String, value: JSONValue)] = [("productId", .string(product))]
            if let deferred = s.deferredFrom { item.append(("deferredFromBasePlan", .string(deferred))) }
            if t.purchaseState == .purchased { item.append(("expiryTime", .string(s.expiry.iso8601))) }
            item.append(("basePlanId", .string(planID)))
            if catalog.basePlan(planID)?.kind == .prepaid {
                // §1: one unconsumed top-up at a time; [INF] the next is allowed once this one is acknowledged.
                let extend = t.acknowledgedAt.flatMap { status(of: index) == .active ? $0 : nil }
                item.append(("prepaidPlan", .object(extend.map { [("allowExtendAfterTime", .string($0.iso8601))] } ?? [])))
            } else {
                var plan: [(key: String, value: JSONValue)] = [("autoRenewEnabled", .bool(s.autoRenew))]
                if let details = installmentDetails(of: index) { plan.append(("installmentDetails", details)) }
                item.append(("autoRenewingPlan", .object(plan)))
            }
            if let order = t.orderID { item.append(("latestSuccessfulOrderId", .string(order))) }
            items.append(.object(item))
        }
        members.append(("lineItems", .array(items)))
        if catalog.licenseTesting { members.append(("testPurchase", .object([]))) }  // §10.1: a license tester's purchase
        return .object(members)
    }

    /// `startTime` of subscription token `index`: unset while pending (§6.1); for the new token of a
    /// `DEFERRED` replacement, under V-DEFERRED-STARTTIME, unset until the replacement takes effect
    /// and then the start of the new plan's first period (§7).
    func startTime(of index: Int) -> Instant? {
        let t = tokens[index]
        guard variations.deferredStartsAtReplacement, let s = t.subscription, s.deferredFrom != nil || s.deferredSwitchedAt != nil else {
            return t.purchasedAt
        }
        return s.deferredSwitchedAt
    }

    /// §7 V-OLD-TOKEN-API-VALID: whether the server still reads token `index`, retired by an
    /// immediate replacement, as a valid `ACTIVE` subscription (until its original expiry).
    func readsActiveAfterReplacement(_ index: Int) -> Bool {
        variations.replacedTokenReadsActive && replacedButUnexpired(index)
    }

    /// `subscriptionState` of token `index` (§6.1; V-PREPAID-EXPIRED-STATE for run-out prepaid
    /// plans; V-OLD-TOKEN-API-VALID for a token an immediate replacement retired).
    public func subscriptionState(of index: Int) -> String {
        let prefix = "SUBSCRIPTION_STATE_"
        switch status(of: index) {
        case .pending: return prefix + "PENDING"
        case .pendingCanceled: return prefix + (variations.pendingCancelNamedExpired ? "PENDING_PURCHASE_EXPIRED" : "PENDING_PURCHASE_CANCELED")
        case .active: return prefix + "ACTIVE"
        case .inGracePeriod: return prefix + "IN_GRACE_PERIOD"
        case .onHold: return prefix + "ON_HOLD"
        case .paused: return prefix + "PAUSED"
        case .canceled: return prefix + "CANCELED"
        case .expired:
            let prepaid = catalog.basePlan(tokens[index].basePlan ?? "")?.kind == .prepaid
            return prepaid && variations.prepaidRunsOutCanceled && tokens[index].voided == nil ? prefix + "CANCELED" : prefix + "EXPIRED"
        case .replaced: return prefix + (readsActiveAfterReplacement(index) ? "ACTIVE" : "EXPIRED")
        case .voided, .purchased, .consumed: return prefix + "EXPIRED"
        }
    }

    /// `purchases.products.get` for token `index` (§10.2), or nil for a subscription token.
    public func productPurchase(of index: Int) -> JSONValue? {
        let t = tokens[index]
        guard t.subscription == nil else { return nil }
        let state: Int64 = t.voided != nil || t.purchaseState == .pendingCanceled ? 1 : (t.purchaseState == .pending ? 2 : 0)
        var members: [(key: String, value: JSONValue)] = [
            ("productId", .string(t.product)), ("purchaseState", .int(state)),
            ("consumptionState", .int(t.consumed ? 1 : 0)), ("acknowledgementState", .int(t.acknowledged ? 1 : 0)),
            ("quantity", .int(Int64(t.quantity))), ("purchaseTimeMillis", .string(String((t.purchasedAt ?? t.created).secondsSinceEpoch * 1000))),
        ]
        if let order = t.orderID { members.append(("orderId", .string(order))) }
        // §5, §10.2: productsv2's refundableQuantity, what a quantity-based refund can still refund.
        if t.purchasedAt != nil { members.append(("refundableQuantity", .int(Int64(t.voided != nil ? 0 : t.quantity - t.refundedQuantity)))) }
        // PBL 8, §1: productsv2's productOfferDetails name the purchase option, the offer ("only
        // present for offers") and, for a rental, carry rentOfferDetails.
        if let option = t.purchaseOption { members.append(("purchaseOptionId", .string(option))) }
        if let offer = t.offer { members.append(("offerId", .string(offer))) }
        if t.rental { members.append(("rentOfferDetails", .object([]))) }
        if t.promo {
            members.append(("purchaseType", .int(1)))  // §10.2: 1 = promo code
        } else if catalog.licenseTesting {
            members.append(("purchaseType", .int(0)))  // §10.2: 0 = test (license tester)
        }
        return .object(members)
    }

    /// The server's answer for any token: `subscriptionsv2` or `products` (§10).
    public func serverView(of token: String) -> JSONValue? {
        guard let i = index(ofToken: token), !pastTokenLifetime(i) else { return nil }
        return subscriptionV2(of: i) ?? productPurchase(of: i)
    }

    /// §6.5 "Token lifetime": whether token `index` is a subscription that ended (ran out, was
    /// revoked or replaced) more than 60 days ago, for which the API no longer answers.
    public func pastTokenLifetime(_ index: Int) -> Bool {
        let t = tokens[index]
        guard let s = t.subscription, s.phase == .ended, t.purchaseState == .purchased, let ended = s.endedAt else { return false }
        // A void ends access at once; otherwise the end is the later of the last expiryTime and the moment it ended.
        let end = t.voided != nil ? ended : max(ended, s.expiry)
        return end.adding(.days(60)) < now
    }
}

extension PlayPurchase {
    /// The purchase as `purchase-subject/1` and `model` write it.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("token", .string(token)), ("products", .array(products.map { .string($0) })),
            ("purchaseState", .string(state == .purchased ? "PURCHASED" : "PENDING")), ("quantity", .int(Int64(quantity))),
            ("acknowledged", .bool(acknowledged)), ("autoRenewing", .bool(autoRenewing)),
            ("purchaseTime", .string(purchaseTime.iso8601)),
        ]
        if let orderID { members.append(("orderId", .string(orderID))) }
        if let replacing { members.append(("replacing", .string(replacing))) }
        if suspended { members.append(("isSuspended", .bool(true))) }
        if !signatureValid { members.append(("signatureValid", .bool(false))) }
        if let pendingUpdate { members.append(("pendingPurchaseUpdate", pendingUpdate.json)) }
        return .object(members)
    }
}

extension PlayNotification {
    /// The notification as `purchase-subject/1` and `model` write it.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("messageId", .int(Int64(messageID))), ("notificationType", .string(type.rawValue)), ("notificationNumber", .int(Int64(type.number))),
        ]
        // §9.1: a test notification carries only a version; it names no purchase.
        if type != .test { members += [("purchaseToken", .string(token)), ("product", .string(product))] }
        if let subscriptionID { members.append(("subscriptionId", .string(subscriptionID))) }
        if let productType { members.append(("productType", .int(Int64(productType)))) }  // §9.1: 1 subscription, 2 one-time
        if let refundType { members.append(("refundType", .int(Int64(refundType.rawValue)))) }  // §9.1: 1 full, 2 partial
        return .object(members)
    }
}

extension PlayMessage {
    /// The message as `model` writes it.
    public var json: JSONValue {
        switch self {
        case .purchasesUpdated(let result, let purchases):
            return .object([("message", "purchasesUpdated"), ("result", .string(result.rawValue)), ("purchases", .array(purchases.map(\.json)))])
        case .connected(let reason, let purchases):
            return .object([("message", .string(reason.rawValue)), ("purchases", .array(purchases.map(\.json)))])
        case .terminated:
            return .object([("message", "terminate")])
        case .notification(let n):
            return .object([("message", "notification"), ("notification", n.json)])
        }
    }
}
