extension PlayModel {
    /// §2.1, §2.2, §3, §5: the purchase flow and its result.
    mutating func applyPurchase(_ request: PlayPurchaseRequest, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        guard connected else { throw PlayRejection(event: event, reason: "the purchase flow runs in the foreground; the app is in the background") }
        guard let item = catalog.item(request.item) else {
            throw PlayRejection(event: event, reason: "the catalog has no one-time product or base plan \"\(request.item)\"")
        }
        let product: String
        var plan: PlayBasePlan?
        var release: Instant?
        switch item {
        case .oneTime(let p):
            product = p.id
            release = p.preorderRelease.flatMap { $0 > now ? $0 : nil }
            guard request.quantity >= 1, request.quantity <= 99, request.quantity == 1 || p.multiQuantity else {
                throw PlayRejection(event: event, reason: "quantity must be 1…99, and 1 unless \(p.id) allows multi-quantity (§5)")
            }
        case .basePlan(let p, let subscription):
            guard request.option == nil, request.offer == nil else {
                throw PlayRejection(event: event, reason: "option: and offer: name a one-time product's purchase options (§1); \(p.id) is a base plan")
            }
            product = subscription
            plan = p
            guard request.quantity == 1 else { throw PlayRejection(event: event, reason: "a subscription is bought one at a time") }
            guard offers(p.id) else { throw PlayRejection(event: event, reason: Self.installmentsOff) }
            if request.outcome == .pending, p.kind != .prepaid {
                throw PlayRejection(event: event, reason: "only prepaid plans can be pending (§3)")
            }
        }
        let addOn = try addOnItem(of: request, plan: plan, event: event)
        let option = try purchaseOption(of: request, item: item, event: event)
        if let result = request.outcome.failureResult {
            // §2.2: the flow reports its BillingResponseCode and buys nothing ...
            deliver(result, [], effects: &effects)
            // ... except that under V-AMBIGUOUS-RESULT (§2.2, §13, B13) an ERROR, NETWORK_ERROR or
            // SERVICE_DISCONNECTED charged anyway; only a query will show it.
            if request.outcome.mayHaveCharged, variations.purchaseExistsAfterError, ownedBlocker(product: product, plan: plan) == nil,
                !addOnOwned(addOn)
            {
                let index = newToken(product: product, plan: plan, quantity: request.quantity, pending: false, option: option)
                attach(addOn, to: index)
                if let release {
                    tokens[index].preorderRelease = release  // §1: a pre-order that went through waits for its release
                } else {
                    announcePurchased(index, effects: &effects, listener: false)
                }
            }
            return
        }
        var linked: Int?
        if addOnOwned(addOn) {
            deliver(.itemAlreadyOwned, [], effects: &effects)  // §1 [INF]: an add-on the customer owns cannot be bought again
            return
        }
        if let blocker = ownedBlocker(product: product, plan: plan) {
            // §3, §5, §6.5: an owned, pending or unacknowledged item cannot be bought again.
            // §1 "Prepaid plans": buying the same prepaid plan again is a top-up.
            let topUp = plan?.kind == .prepaid && tokens[blocker].basePlan == plan?.id && status(of: blocker) == .active
            // [INF] (V-ADDONS): a bundle is neither re-signed up nor topped up item by item.
            let bundle = addOn != nil || tokens[blocker].addOn != nil
            guard plan != nil, !bundle, status(of: blocker) == .canceled || topUp, tokens[blocker].acknowledged else {
                deliver(.itemAlreadyOwned, [], effects: &effects)
                return
            }
            linked = blocker  // §6.5 a re-signup, or §1 a top-up: a new token linked to the old one, which retires.
        }
        if let release {
            // §1: a pre-order stays PENDING (no orderId) until its release time, then becomes
            // PURCHASED by itself; a pending payment method changes nothing before then [INF].
            let index = newToken(product: product, plan: nil, quantity: request.quantity, pending: true, option: option)
            tokens[index].preorderRelease = release
            deliver(.ok, [index], effects: &effects)
            return
        }
        let index = newToken(product: product, plan: plan, quantity: request.quantity, pending: request.outcome == .pending, option: option)
        attach(addOn, to: index)
        if let old = linked {
            tokens[index].linkedToken = old + 1
        }
        if let old = linked, request.outcome != .pending {
            // §3: a pending re-signup keeps the old subscription until the payment completes.
            retire(old, by: index, effects: &effects)
            // §6.5: a re-signup of the same plan keeps the original renewal date.
            if let oldExpiry = tokens[old].subscription?.expiry, let plan, tokens[old].basePlan == plan.id {
                // A top-up's time accumulates on the current expiry (§1).
                let expiry = plan.kind == .prepaid ? oldExpiry.adding(period(of: plan)) : oldExpiry
                tokens[index].subscription?.expiry = expiry
            }
        }
        if request.outcome == .pending {
            // §3: a pending top-up, upgrade or downgrade reaches the app as the old purchase with a
            // PendingPurchaseUpdate naming the new one; the old access remains.
            deliver(.ok, [linked ?? index], effects: &effects)
        } else {
            announcePurchased(index, effects: &effects, listener: true, replacing: linked)
        }
    }

    /// §3: a pending purchase completes: `PURCHASED`, the window starts, listener and RTDN.
    mutating func applyCompletePending(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        guard tokens[index].purchaseState == .pending else {
            throw PlayRejection(event: event, reason: "token #\(number) is not pending")
        }
        guard tokens[index].preorderRelease == nil else {
            throw PlayRejection(event: event, reason: "token #\(number) is a pre-order; it completes by itself at its release time (§1)")
        }
        var replacing: Int?
        if let linked = tokens[index].linkedToken, status(of: linked - 1).entitles {
            // §3 "Pending top-up, upgrade or downgrade": only now does the new token take over.
            replacing = linked - 1
            // §1 "Prepaid plans": a top-up's time accumulates on the current expiry, also when it was pending.
            if let plan = tokens[index].basePlan.flatMap({ catalog.basePlan($0) }), plan.kind == .prepaid,
                tokens[linked - 1].basePlan == plan.id, let oldExpiry = tokens[linked - 1].subscription?.expiry
            {
                let expiry = oldExpiry.adding(period(of: plan))
                tokens[index].subscription?.expiry = expiry
            }
            retire(linked - 1, by: index, effects: &effects)
        }
        announcePurchased(index, effects: &effects, listener: true, replacing: replacing)
    }

    /// §3: a pending purchase is canceled; it never entitles.
    mutating func applyCancelPending(_ number: Int, event: PlayEvent, effects: inout PlayStepEffects) throws(PlayRejection) {
        let index = try tokenIndex(number, event: event)
        guard tokens[index].purchaseState == .pending else {
            throw PlayRejection(event: event, reason: "token #\(number) is not pending")
        }
        cancelPending(index, effects: &effects)
    }

    /// §3, §9.2, §9.3: marks a pending token canceled and notifies the backend.
    mutating func cancelPending(_ index: Int, effects: inout PlayStepEffects) {
        tokens[index].purchaseState = .pendingCanceled
        tokens[index].subscription?.phase = .ended
        notify(tokens[index].basePlan == nil ? .oneTimeProductCanceled : .subscriptionPendingPurchaseCanceled, index, effects: &effects)
    }

    /// Makes token `index` `PURCHASED` now and tells the app (listener, when asked and connected)
    /// and the backend (`…_PURCHASED`).
    mutating func announcePurchased(_ index: Int, effects: inout PlayStepEffects, listener: Bool, replacing: Int? = nil) {
        markPurchased(index)
        if let planID = tokens[index].basePlan, let plan = catalog.basePlan(planID) {
            let trial = plan.freeTrial.flatMap { trialsUsed.contains(tokens[index].product) ? nil : $0 }
            if trial != nil { trialsUsed.append(tokens[index].product) }
            tokens[index].subscription?.inTrial = trial != nil
            let current = tokens[index].subscription?.expiry ?? now
            let expiry = tokens[index].linkedToken == nil || current <= now ? now.adding(trial.map { self.trial($0) } ?? period(of: plan)) : current
            tokens[index].subscription?.expiry = expiry
            tokens[index].subscription?.anchor = expiry
        }
        if listener { deliver(.ok, [index], replacing: replacing, effects: &effects) }
        notify(tokens[index].basePlan == nil ? .oneTimeProductPurchased : .subscriptionPurchased, index, effects: &effects)
    }

    /// Appends a new token and returns its index.
    mutating func newToken(product: String, plan: PlayBasePlan?, quantity: Int, pending: Bool, option: BoughtOption? = nil) -> Int {
        var token = PlayToken(
            number: tokens.count + 1, product: product, basePlan: plan?.id, quantity: quantity,
            purchaseState: .pending, created: now)
        token.purchaseOption = option?.id
        token.rental = option?.rent ?? false
        token.offer = option?.offer
        if let plan {
            token.subscription = PlaySubscriptionRecord(
                phase: .active, autoRenew: plan.kind != .prepaid, expiry: now.adding(period(of: plan)), anchor: now,
                scheduledPause: nil, deferredFrom: nil, inTrial: false, cancellation: nil)
        }
        tokens.append(token)
        seen.append(nil)
        seenPaid.append(false)
        knowledge.append(PlayTokenKnowledge())
        return tokens.count - 1
    }

    /// The token that makes buying `product` again fail, if any (§3 V-PENDING-BLOCKS-REBUY, §5, §6.3, B10).
    func ownedBlocker(product: String, plan: PlayBasePlan?) -> Int? {
        tokens.indices.last { i in
            guard tokens[i].products.contains(product) else { return false }
            switch status(of: i) {
            case .purchased, .active, .inGracePeriod, .paused, .canceled: return true
            case .pending: return variations.pendingBlocksRebuy
            default: return false
            }
        }
    }
}
