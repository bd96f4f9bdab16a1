/// What a purchase of one product would do, decided before anything changes.
enum PurchasePlan {
    case consumable
    case nonConsumable
    case nonRenewable
    /// A first subscription in the group, or a resubscription after a lapse or refund.
    case newSubscription(group: Int, resubscribe: Bool, intro: Bool)
    /// An upgrade, or a crossgrade to a product of the same period length: takes effect now.
    case immediateChange(group: Int, isCrossgrade: Bool)
    /// A downgrade, or a crossgrade to a different period length: takes effect at renewal.
    case delayedChange(group: Int, isCrossgrade: Bool)
}

extension StoreModel {
    /// §5.1, §8, §10: decides what buying `purchase.product` means now, or why it cannot happen.
    func plan(_ purchase: Purchase, event: Event) throws(Rejection) -> (product: Int, plan: PurchasePlan) {
        let p = try productIndex(purchase.product, event: event)
        let type = catalog.types[p]
        guard purchase.quantity >= 1, purchase.quantity <= 10 else {
            throw Rejection(event: event, reason: "the quantity must be between 1 and 10")
        }
        if type != .consumable, purchase.quantity != 1 {
            throw Rejection(event: event, reason: "a quantity other than 1 applies to consumables only")
        }
        if let token = purchase.appAccountToken, !isUUID(token) {
            throw Rejection(event: event, reason: "the appAccountToken \"\(token)\" is not a UUID")
        }
        if purchase.offer != nil, type != .autoRenewable {
            throw Rejection(event: event, reason: "offers apply to auto-renewable subscriptions only")
        }
        if let offer = purchase.offer, let offers = catalog.products[p].subscription?.offers, !offers.contains(offer) {
            throw Rejection(event: event, reason: "\(catalog.productIDs[p]) has no \(offer.rawValue) offer in the catalog")
        }
        switch type {
        case .consumable:
            return (p, .consumable)
        case .nonRenewable:
            return (p, .nonRenewable)
        case .nonConsumable:
            for i in state.records.indices
            where state.records[i].product == p && state.records[i].transaction.ownershipType == .purchased
                && !state.records[i].isRevoked
            {
                throw Rejection(event: event, reason: "\(catalog.productIDs[p]) is already purchased")
            }
            return (p, .nonConsumable)
        case .autoRenewable:
            guard let g = catalog.groupIndex(ofProduct: p), let sub = catalog.products[p].subscription else {
                throw Rejection(event: event, reason: "\(catalog.productIDs[p]) has no subscription group")
            }
            return (p, try planSubscription(p, sub: sub, group: g, purchase: purchase, event: event))
        }
    }

    private func planSubscription(
        _ p: Int, sub: AutoRenewableSubscription, group g: Int, purchase: Purchase, event: Event
    ) throws(Rejection) -> PurchasePlan {
        let group = state.groups[g]
        guard let line = group.own, line.isActive else {
            let lapsed = group.own != nil
            switch purchase.offer {
            case .winBack?:
                guard let line = group.own, line.state == .expired, !line.willAutoRenew else {
                    throw Rejection(event: event, reason: "a win-back offer needs a churned (expired) subscription in \(sub.group)")
                }
            case .promotional?:
                let everSubscribed = state.groups.contains { $0.own != nil }
                guard everSubscribed else {
                    throw Rejection(event: event, reason: "a promotional offer needs an existing or expired subscription")
                }
            case .code?, nil:
                break
            }
            let intro = purchase.offer == nil && !group.introUsed && sub.introductoryOffer != nil
            return .newSubscription(group: g, resubscribe: lapsed, intro: intro)
        }
        guard line.state == .subscribed else {
            throw Rejection(
                event: event,
                reason: "the \(sub.group) subscription is in \(line.state.rawValue); the customer fixes billing first")
        }
        if purchase.offer != nil {
            throw Rejection(event: event, reason: "offers apply to new subscriptions, not to changes of an active one")
        }
        let current = catalog.products[line.currentProduct]
        guard let currentSub = current.subscription else {
            throw Rejection(event: event, reason: "internal: the current product is not a subscription")
        }
        if p == line.currentProduct {
            throw Rejection(event: event, reason: "the customer is already subscribed to \(current.id)")
        }
        if sub.level < currentSub.level { return .immediateChange(group: g, isCrossgrade: false) }
        if sub.level > currentSub.level { return .delayedChange(group: g, isCrossgrade: false) }
        return sub.period.hasSameLength(as: currentSub.period)
            ? .immediateChange(group: g, isCrossgrade: true) : .delayedChange(group: g, isCrossgrade: true)
    }

    /// Applies a `purchase` event.
    mutating func applyPurchase(_ purchase: Purchase, event: Event, effects: inout StepEffects) throws(Rejection) {
        let (p, plan) = try plan(purchase, event: event)
        if purchase.otherDevice, purchase.outcome != .success, purchase.outcome != .unverified {
            throw Rejection(event: event, reason: "a purchase on another device either succeeds or is unverified")
        }
        switch purchase.outcome {
        case .userCancelled, .failed:
            let result: PurchaseResultKind = purchase.outcome == .failed ? .failed : .userCancelled
            effects.messages.append(.purchaseResult(product: purchase.product, result: result, delivery: nil))
        case .pending:
            state.pendingRequests.append(PendingRequest(purchase: purchase, requestedAt: state.now))
            effects.messages.append(.purchaseResult(product: purchase.product, result: .pending, delivery: nil))
        case .success, .unverified:
            execute(plan, product: p, purchase: purchase, inApp: !purchase.otherDevice, effects: &effects)
        }
    }

    /// §5.2: a parent approves (the purchase happens and arrives through updates) or declines (nothing).
    mutating func applyAskToBuy(request: Int, approve: Bool, event: Event, effects: inout StepEffects) throws(Rejection) {
        guard request >= 1, request <= state.pendingRequests.count else {
            throw Rejection(
                event: event,
                reason: state.pendingRequests.isEmpty
                    ? "no Ask to Buy request is pending"
                    : "request \(request) does not exist (1…\(state.pendingRequests.count) are pending)")
        }
        let pending = state.pendingRequests[request - 1]
        if approve {
            var purchase = pending.purchase
            purchase.outcome = .success
            let (p, plan) = try plan(purchase, event: event)
            state.pendingRequests.remove(at: request - 1)
            execute(plan, product: p, purchase: purchase, inApp: false, effects: &effects)
        } else {
            state.pendingRequests.remove(at: request - 1)
            if settings.variations.declinedAskToBuyReportsFailure {
                effects.messages.append(.purchaseResult(product: pending.purchase.product, result: .failed, delivery: nil))
            }
        }
    }

    /// Carries out a planned successful purchase; `inApp` purchases return through
    /// `purchase()`, the others arrive through `Transaction.updates`.
    mutating func execute(_ plan: PurchasePlan, product p: Int, purchase: Purchase, inApp: Bool, effects: inout StepEffects) {
        let verified = purchase.outcome != .unverified
        let now = state.now
        var upgradedFrom: Int?
        let index: Int?
        switch plan {
        case .consumable, .nonConsumable, .nonRenewable:
            var expiration: Instant?
            if case .nonRenewable(let duration) = catalog.products[p].kind, settings.variations.nonRenewingHasExpirationDate {
                expiration = now.adding(duration)
            }
            index = newRecord(
                product: p, originalID: nil, purchaseDate: now, originalPurchaseDate: nil, expiration: expiration,
                ownership: .purchased, offer: nil, token: purchase.appAccountToken, quantity: purchase.quantity,
                reason: .purchase, verified: verified)
            if settings.variations.oneTimeChargeNotifications, let index {
                notify(.ONE_TIME_CHARGE, nil, record: index, effects: &effects)
            }
        case .newSubscription(let g, let resubscribe, let intro):
            index = startSubscription(p, group: g, resubscribe: resubscribe, intro: intro, purchase: purchase, verified: verified, effects: &effects)
        case .immediateChange(let g, let isCrossgrade):
            let result = changeImmediately(to: p, group: g, isCrossgrade: isCrossgrade, purchase: purchase, verified: verified, effects: &effects)
            index = result.new
            upgradedFrom = result.old
        case .delayedChange(let g, let isCrossgrade):
            scheduleChange(to: p, group: g, isCrossgrade: isCrossgrade, effects: &effects)
            index = state.groups[g].own.map(\.latest)
        }
        let delivery = index.map { state.records[$0].delivery }
        let upgradeOrder = settings.variations.upgradedTransactionDelivery
        if let old = upgradedFrom, upgradeOrder != .notDelivered, upgradeOrder == .beforePurchaseResult || !inApp {
            deliverUpdate(old, effects: &effects)
        }
        if inApp {
            effects.messages.append(.purchaseResult(product: purchase.product, result: .success, delivery: delivery))
            if let index, settings.variations.purchaseAlsoDeliveredAsUpdate { deliverUpdate(index, effects: &effects) }
        } else if let index {
            deliverUpdate(index, effects: &effects)
        }
        if let old = upgradedFrom, upgradeOrder == .afterPurchaseResult, inApp { deliverUpdate(old, effects: &effects) }
        if let index, inApp { state.records[index].finished = false }
    }
}

/// Whether `text` is a UUID in the 8-4-4-4-12 hexadecimal form.
func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
}
