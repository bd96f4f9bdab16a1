import Generators
import PurchaseStateMachine

/// Draws histories one event at a time from a test case's choices, each event valid in the
/// model's current state, so that deleting or lowering choices always yields a valid history.
///
/// Each event is one labelled span holding its keep-going coin, its kind and its parameters.
/// References (a transaction to refund, a request to answer) are drawn as `k` and resolved
/// as the `k mod count`-th candidate, so deleting an earlier event keeps later ones meaningful.
/// A kind or product that is not possible now resolves to the next possible one.
struct HistoryGenerator: Sendable {
    let catalog: Catalog
    let profile: GenerationProfile
    /// The running total of kind weights: kind `i` owns draws `cumulative[i] ..< cumulative[i + 1]`.
    let cumulative: [Int]
    /// Whether `encode` writes an advance that lands on or near one of the next boundaries as an
    /// aim at it, not as a plain amount: then shrinking the events before it moves the time with
    /// the boundary (the shrinker's second round wants that; saved files keep plain amounts).
    var encodesAims = false

    static let storeSpan = SpanLabel("store")
    static let eventSpan = SpanLabel("event")
    static let referenceRange = 0...255
    static let alternativeGraces: [ISODuration] = [.days(0), .days(3), .days(28)]

    init(catalog: Catalog, profile: GenerationProfile) {
        self.catalog = catalog
        self.profile = profile
        var total = 0
        var cumulative = [0]
        for entry in profile.kinds {
            total += max(1, entry.weight)
            cumulative.append(total)
        }
        self.cumulative = cumulative
    }

    /// What a history draws before its first event: the store, its length class, the swarm.
    struct Setup: Sendable {
        var settings: StoreSettings
        var continueProbability: Double
        var enabled: [Bool]
    }

    /// Draws the store settings, the length class and the enabled kinds.
    func drawSetup(_ tc: TestCase) throws(GenerationStop) -> Setup {
        tc.startSpan(Self.storeSpan)
        defer { tc.endSpan() }
        var settings = profile.fixedSettings
        if profile.exploreStores {
            let defaults = StoreVariations()
            for sw in StoreVariations.switches where try tc.drawBool(probability: profile.variationProbability) {
                sw.set(&settings.variations, !sw.get(defaults))
            }
            if try tc.drawBool(probability: profile.variationProbability) {
                let choices: [UpgradedTransactionDelivery] = [.afterPurchaseResult, .notDelivered]
                settings.variations.upgradedTransactionDelivery = choices[try tc.drawInteger(in: 0...1)]
            }
            if try tc.drawBool(probability: 0.3) {
                settings.gracePeriod = Self.alternativeGraces[try tc.drawInteger(in: 0...(Self.alternativeGraces.count - 1))]
            }
        }
        let lengthClass = try tc.drawInteger(in: 0...(profile.continueProbabilities.count - 1))
        var enabled = [Bool](repeating: true, count: profile.kinds.count)
        if profile.swarm {
            for i in enabled.indices { enabled[i] = !(try tc.drawBool(probability: 0.25)) }
        }
        return Setup(
            settings: settings, continueProbability: profile.continueProbabilities[lengthClass], enabled: enabled)
    }

    /// Whether an event of `kind` is possible in `model` now.
    func isPossible(_ kind: EventKind, in model: StoreModel) -> Bool {
        switch kind {
        case .purchase: return catalog.products.indices.contains { model.canPurchase($0) }
        case .advanceTime, .relaunch, .restore, .setBilling, .setDeviceClock: return true
        case .setAutoRenew: return !autoRenewCandidates(model).isEmpty
        case .refund, .refundDeclined: return model.hasRefundableTransaction(includingConsumables: profile.refundConsumables)
        case .refundReversed: return !model.refundedTransactions.isEmpty
        case .askToBuy: return !model.state.pendingRequests.isEmpty
        case .familyShare: return !model.shareableProducts.isEmpty
        case .familyUnshare: return !model.sharedProducts.isEmpty
        case .appAction: return !profile.appActions.isEmpty
        }
    }

    func autoRenewCandidates(_ model: StoreModel) -> [(group: String, enabled: Bool)] {
        profile.autoRenewOffOnly ? model.autoRenewToggles.filter { !$0.enabled } : model.autoRenewToggles
    }

    /// The profile position of the kind that draw `raw` resolves to: its own if enabled and
    /// possible, else the next one that is (cyclically), else the next possible one.
    func resolveKind(raw: Int, setup: Setup, model: StoreModel) -> Int {
        var own = 0
        while own + 1 < cumulative.count - 1, raw >= cumulative[own + 1] { own += 1 }
        let n = profile.kinds.count
        for offset in 0..<n {
            let i = (own + offset) % n
            if setup.enabled[i], isPossible(profile.kinds[i].kind, in: model) { return i }
        }
        for offset in 0..<n {
            let i = (own + offset) % n
            if isPossible(profile.kinds[i].kind, in: model) { return i }
        }
        return own
    }

    /// Draws one event's kind and parameters (the caller has opened its span and drawn its coin).
    func drawEvent(_ tc: TestCase, setup: Setup, model: StoreModel) throws(GenerationStop) -> Event {
        let raw = try tc.drawInteger(in: 0...(cumulative[cumulative.count - 1] - 1))
        let position = resolveKind(raw: raw, setup: setup, model: model)
        if raw < cumulative[position] || raw >= cumulative[position + 1] {
            // Random mode records the kind it resolved to; a replayed draw must name a possible
            // kind itself, so the shrinker cannot make one kind stand for another.
            if tc.isReplay { throw .rejected }
            tc.rewriteLatestChoice(index: UInt64(cumulative[position]))
        }
        let kind = profile.kinds[position].kind
        func reference<T>(_ candidates: [T]) throws(GenerationStop) -> T {
            candidates[try tc.drawInteger(in: Self.referenceRange) % candidates.count]
        }
        switch kind {
        case .purchase:
            return .purchase(try drawPurchase(tc, model: model))
        case .advanceTime:
            if let duration = try drawBoundaryAdvance(tc, model: model) { return .advanceTime(by: duration) }
            let unitIndex = profile.advanceUnits.count > 1 ? try tc.drawInteger(in: 0...(profile.advanceUnits.count - 1)) : 0
            let unit = profile.advanceUnits[unitIndex]
            let amount = try tc.drawInteger(in: unit.range, shrinkingTowards: unit.range.lowerBound)
            return .advanceTime(by: unit.duration(amount))
        case .setAutoRenew:
            let toggle = try reference(autoRenewCandidates(model))
            return .setAutoRenew(group: toggle.group, enabled: toggle.enabled)
        case .refund:
            let id = try reference(model.refundableTransactions(includingConsumables: profile.refundConsumables))
            let developerIssue = profile.purchaseVariety ? try tc.drawBool(probability: 0.2) : false
            return .refund(transaction: id, reason: developerIssue ? .developerIssue : .other)
        case .refundDeclined:
            return .refundDeclined(transaction: try reference(model.refundableTransactions(includingConsumables: profile.refundConsumables)))
        case .refundReversed:
            return .refundReversed(transaction: try reference(model.refundedTransactions))
        case .relaunch: return .relaunch
        case .restore: return .restore
        case .setBilling: return .setBilling(ok: !model.state.billingOK)
        case .askToBuy:
            let request = try tc.drawInteger(in: Self.referenceRange) % model.state.pendingRequests.count + 1
            let approve = try tc.drawBool(probability: 0.75)
            let event = Event.askToBuy(request: request, approve: true)
            guard approve, model.rejection(of: event) != nil else { return .askToBuy(request: request, approve: approve) }
            if tc.isReplay { throw .rejected }
            tc.rewriteLatestChoice(index: 0)
            return .askToBuy(request: request, approve: false)
        case .familyShare: return .familyShare(product: try reference(model.shareableProducts))
        case .familyUnshare: return .familyUnshare(product: try reference(model.sharedProducts))
        case .setDeviceClock:
            if let offset = try drawBoundaryClockOffset(tc, model: model) { return .setDeviceClock(offset: offset) }
            let negative = try tc.drawBool(probability: 0.5)
            let days = try tc.drawInteger(in: 0...400)
            return .setDeviceClock(offset: days == 0 ? .zero : ISODuration(days: days, isNegative: negative))
        case .appAction:
            let template = profile.appActions[try tc.drawInteger(in: 0...(profile.appActions.count - 1))]
            let value = template.values.isEmpty ? nil : template.values[try tc.drawInteger(in: 0...(template.values.count - 1))]
            return .appAction(name: template.name, value: value)
        }
    }

    /// The outcomes an unusual purchase can have, in shrink order.
    static let unusualOutcomes: [PurchaseOutcome] = [.unverified, .userCancelled, .pending, .failed]

    func drawPurchase(_ tc: TestCase, model: StoreModel) throws(GenerationStop) -> Purchase {
        let n = catalog.products.count
        let drawn = try tc.drawInteger(in: 0...(n - 1))
        var p = drawn
        for offset in 0..<n where model.canPurchase((drawn + offset) % n) {
            p = (drawn + offset) % n
            break
        }
        if p != drawn {
            if tc.isReplay { throw .rejected }
            tc.rewriteLatestChoice(index: UInt64(p))
        }
        var purchase = Purchase(product: catalog.productIDs[p])
        guard profile.purchaseVariety else { return purchase }
        let product = catalog.products[p]
        if try tc.drawBool(probability: 0.15) {
            purchase.outcome = Self.unusualOutcomes[try tc.drawInteger(in: 0...(Self.unusualOutcomes.count - 1))]
        }
        let otherDevice = try tc.drawBool(probability: 0.1)
        if otherDevice, purchase.outcome == .success || purchase.outcome == .unverified { purchase.otherDevice = true }
        if product.type == .consumable, try tc.drawBool(probability: 0.1) {
            purchase.quantity = try tc.drawInteger(in: 2...10, shrinkingTowards: 2)
        }
        if product.type == .autoRenewable, try tc.drawBool(probability: 0.1) {
            var withOffer = purchase
            withOffer.offer = PurchaseOffer.allCases[try tc.drawInteger(in: 0...(PurchaseOffer.allCases.count - 1))]
            if model.canPurchase(withOffer) { purchase = withOffer }
        }
        if try tc.drawBool(probability: 0.2) {
            purchase.appAccountToken = Self.token(try tc.drawInteger(in: 1...999_999, shrinkingTowards: 1))
        }
        return purchase
    }

    /// The app account token generated histories use for number `n`.
    static func token(_ n: Int) -> String {
        let digits = String(n)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }
}
