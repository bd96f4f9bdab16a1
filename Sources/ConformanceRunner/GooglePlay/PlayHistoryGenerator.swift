import Generators
import PurchaseStateMachine

/// Draws Google Play histories one event at a time from the model's current state.
///
/// The store variations are drawn first (each axis keeps its default unless a coin says
/// otherwise, so shrinking returns to the documented behaviour); then "keep going? → one
/// event" repeatedly, each event one span. Token references resolve by modulo over the tokens
/// where the event is possible, so deleting an earlier event never breaks a later one. Time
/// moves either by a calendar unit or to the model's next boundary — an acknowledgement
/// deadline, a renewal, the end of grace, hold or a pause — exactly or a minute either side,
/// which is how the three-day window and the grace → hold edges are reached.
public struct PlayHistoryGenerator: Sendable {
    /// The products.
    public let catalog: PlayCatalog
    /// The chance of drawing one more event.
    public var continueProbability: Double
    /// The most events one history may have.
    public var maxEvents: Int
    /// Whether to explore the store variations (off: the defaults only).
    public var exploreVariations: Bool
    /// Variations held at one value whatever the draws say, by file key (tests pin one axis this way).
    public var pinned: [String: Int] = [:]

    static let eventSpan = SpanLabel("play-event")
    static let storeSpan = SpanLabel("play-store")

    /// The event kinds and their weights (out of 100), the simplest first.
    static let weights: [(PlayEventKind, Int)] = [
        (.purchase, 18), (.advanceTime, 27), (.setBilling, 8), (.console, 1), (.completePending, 5), (.cancelPending, 2),
        (.changePlan, 6), (.cancel, 3), (.devCancel, 1), (.restore, 2), (.pause, 7), (.deferBilling, 1), (.unpause, 2), (.void, 5), (.background, 4),
        (.relaunch, 5), (.testNotification, 1), (.forgedPurchase, 1), (.redeemPromo, 1),
    ]

    /// The calendar steps time can take besides boundary jumps.
    static let steps: [ISODuration] = [.days(1), ISODuration(hours: 1), .days(3), ISODuration(weeks: 1), ISODuration(months: 1)]
    /// The steps on a license tester's clock, where periods last minutes (§11).
    static let testerSteps: [ISODuration] = [ISODuration(minutes: 1), ISODuration(minutes: 3), ISODuration(minutes: 5), ISODuration(minutes: 10), .days(1)]

    /// Creates a generator.
    public init(catalog: PlayCatalog, continueProbability: Double = 0.9, maxEvents: Int = 40, exploreVariations: Bool = true) {
        self.catalog = catalog
        self.continueProbability = continueProbability
        self.maxEvents = maxEvents
        self.exploreVariations = exploreVariations
    }

    /// Draws the store variations.
    public func drawVariations(_ tc: TestCase) throws(GenerationStop) -> PlayVariations {
        tc.startSpan(Self.storeSpan)
        defer { tc.endSpan() }
        var variations = PlayVariations()
        guard exploreVariations else {
            for axis in PlayVariationAxis.all { if let value = pinned[axis.key] { axis.setValue(value, in: &variations) } }
            return variations
        }
        // Every axis draws its coin and its value, so lowering a coin never shifts later draws.
        for axis in PlayVariationAxis.all {
            let varied = try tc.drawBool(probability: 0.25)
            let index = axis.domain.count == 2 ? 1 : try tc.drawInteger(in: 1...(axis.domain.count - 1))
            if varied { axis.setValue(axis.domain[index], in: &variations) }
        }
        for axis in PlayVariationAxis.all { if let value = pinned[axis.key] { axis.setValue(value, in: &variations) } }
        return variations
    }

    /// Draws one event that `model` accepts.
    public func drawEvent(_ tc: TestCase, model: PlayModel) throws(GenerationStop) -> PlayEvent {
        if let restore = try drawRestore(tc, model: model) { return restore }
        if let turn = try drawTurn(tc, model: model) { return turn }
        let roll = Int(try tc.drawUnsigned(upTo: 99))
        var total = 0
        var kind = PlayEventKind.purchase
        for (k, w) in Self.weights {
            total += w
            if roll < total { kind = k; break }
        }
        let event = try draw(kind, tc, model: model)
        if let event, model.rejection(of: event) == nil { return event }
        return boundaryStep(model, offset: 0)
    }

    private func draw(_ kind: PlayEventKind, _ tc: TestCase, model: PlayModel) throws(GenerationStop) -> PlayEvent? {
        func pick(_ candidates: [Int]) throws(GenerationStop) -> Int? {
            let i = Int(try tc.drawUnsigned(upTo: 15))
            return candidates.isEmpty ? nil : candidates[i % candidates.count] + 1
        }
        func tokens(_ statuses: [PlayTokenStatus]) -> [Int] { model.tokens.indices.filter { statuses.contains(model.status(of: $0)) } }
        switch kind {
        case .purchase:
            guard model.connected else { return .resumeApp }
            let ids = catalog.purchasableIDs.filter { model.offers($0) }  // V-INSTALLMENTS off: no installment plans
            guard !ids.isEmpty else { return .advanceTime(by: Self.steps[0]) }  // only installment plans, and they are off
            let item = ids[Int(try tc.drawUnsigned(upTo: UInt64(ids.count - 1)))]
            let outcomes: [PlayPurchaseOutcome] = [.ok, .ok, .ok, .ok, .ok, .pending, .pending, .failed, .userCanceled]
            var outcome = outcomes[Int(try tc.drawUnsigned(upTo: UInt64(outcomes.count - 1)))]
            if outcome == .failed {
                // §2.2: which code a failed flow reports, ERROR (the simplest) first.
                let failures: [PlayPurchaseOutcome] = [.failed, .networkError, .serviceDisconnected, .serviceUnavailable, .billingUnavailable, .itemUnavailable]
                outcome = failures[Int(try tc.drawUnsigned(upTo: UInt64(failures.count - 1)))]
            }
            if outcome == .pending, case .basePlan(let plan, _)? = catalog.item(item), plan.kind != .prepaid { outcome = .ok }
            let several = try tc.drawBool(probability: 0.2)
            let units = try tc.drawInteger(in: 2...5)
            var quantity = 1
            if case .oneTime(let p)? = catalog.item(item), p.multiQuantity, several { quantity = units }
            var request = PlayPurchaseRequest(item: item, outcome: outcome, quantity: quantity, addOn: try drawAddOn(tc, item: item, outcome: outcome, model: model))
            if case .oneTime(let p)? = catalog.item(item), !p.purchaseOptions.isEmpty { try drawOption(tc, of: p, into: &request) }
            return .purchase(request)
        case .advanceTime:
            let byUnit = try tc.drawBool(probability: 0.4)
            let steps = catalog.licenseTesting ? Self.testerSteps : Self.steps
            let unit = steps[Int(try tc.drawUnsigned(upTo: UInt64(steps.count - 1)))]
            let boundaries = try tc.drawInteger(in: 1...3)
            let offset = [0, -60, 60][Int(try tc.drawUnsigned(upTo: 2))]
            return byUnit ? .advanceTime(by: unit) : boundaryStep(model, offset: offset, boundaries: boundaries)
        case .setBilling:
            // §11: a license tester may use Play Billing Lab instead (drawn only then, so other histories draw as before).
            if catalog.licenseTesting, try tc.drawBool(probability: 0.3) {
                let ready = model.tokens.indices.filter { model.status(of: $0) == .active && model.tokens[$0].acknowledged && model.tokens[$0].subscription?.autoRenew == true }
                let state = try tc.drawBool(probability: 0.5) ? PlayBillingLabState.hold : .grace
                if let t = try pick(ready) { return .billingLab(token: t, to: state) }
            }
            return .setBilling(ok: !model.billingOK)
        case .billingLab:
            return nil  // drawn in setBilling's slot, for license testers only
        case .completePending:
            return try pick(tokens([.pending]).filter { model.tokens[$0].preorderRelease == nil }).map { .completePending(token: $0) }
        case .cancelPending:
            return try pick(tokens([.pending])).map { .cancelPending(token: $0) }
        case .changePlan:
            let modes = PlayReplacementMode.allCases
            guard let t = try pick(tokens([.active, .inGracePeriod, .canceled])) else { return nil }
            // Another product's plans first: a plan change usually moves to another tier.
            let own = model.tokens[t - 1].product
            let plans = (catalog.subscriptions.filter { $0.id != own }.flatMap { $0.basePlans.map(\.id) }
                + catalog.subscriptions.filter { $0.id == own }.flatMap { $0.basePlans.map(\.id) }).filter { model.offers($0) }
            let plan = plans[Int(try tc.drawUnsigned(upTo: UInt64(plans.count - 1)))]
            let mode = modes[Int(try tc.drawUnsigned(upTo: UInt64(modes.count - 1)))]
            return .changePlan(token: t, to: plan, mode: mode)
        case .cancel:
            return try pick(tokens([.active, .inGracePeriod, .onHold])).map { .cancel(token: $0) }
        case .devCancel:
            guard let t = try pick(tokens([.active, .inGracePeriod, .onHold])) else { return nil }
            // §6.5: the default DEVELOPER_REQUESTED_STOP_PAYMENTS (the simplest) first.
            return .devCancel(token: t, type: try tc.drawBool(probability: 0.5) ? .userRequestedStopRenewals : .developerRequestedStopPayments)
        case .restore:
            // §6.5: only what the customer (not the system or a developer's stop-payments) canceled can be restored.
            return try pick(tokens([.canceled]).filter { model.restoreRefusal($0, number: $0 + 1) == nil }).map { .restore(token: $0) }
        case .pause:
            // §6.4: only an auto-renewing plan of a pausable length that is not already pausing.
            let pausable = tokens([.active]).filter {
                guard let s = model.tokens[$0].subscription, s.autoRenew, s.scheduledPause == nil, s.deferredFrom == nil,
                    let plan = model.tokens[$0].basePlan.flatMap({ catalog.basePlan($0) })
                else { return false }
                return plan.kind == .autoRenewing && PlayModel.pauseLengths(for: plan.period) != nil
            }
            guard let t = try pick(pausable), let plan = model.tokens[t - 1].basePlan.flatMap({ catalog.basePlan($0) }),
                let lengths = PlayModel.pauseLengths(for: plan.period)
            else { return nil }
            return .pause(token: t, length: lengths[Int(try tc.drawUnsigned(upTo: UInt64(lengths.count - 1)))])
        case .deferBilling:
            let lengths: [ISODuration] = [.days(1), ISODuration(weeks: 1), ISODuration(months: 1)]
            guard let t = try pick(tokens([.active])) else { return nil }
            return .deferBilling(token: t, by: lengths[Int(try tc.drawUnsigned(upTo: UInt64(lengths.count - 1)))])
        case .unpause:
            let candidates = model.tokens.indices.filter {
                model.status(of: $0) == .paused || (model.status(of: $0) == .active && model.tokens[$0].subscription?.scheduledPause != nil)
            }
            return try pick(candidates).map { .unpause(token: $0) }
        case .void:
            let causes: [PlayVoidCause] = [.refund, .chargeback, .revoke, .refundWithoutRevoke]
            guard let t = try pick(tokens([.purchased, .consumed, .active, .inGracePeriod, .onHold, .paused, .canceled])) else { return nil }
            let cause = causes[Int(try tc.drawUnsigned(upTo: UInt64(causes.count - 1)))]
            // §5: a refund of a multi-quantity purchase may be quantity-based (drawn only then, so other histories draw as before).
            let token = model.tokens[t - 1]
            guard cause == .refund, token.subscription == nil, token.quantity > 1 else { return .void(token: t, cause: cause) }
            let partial = try tc.drawBool(probability: 0.5)
            let units = min(try tc.drawInteger(in: 1...4), token.quantity - token.refundedQuantity)
            return .void(token: t, cause: cause, quantity: partial ? units : nil)
        case .background, .resumeApp:
            return model.connected ? .background : .resumeApp
        case .relaunch:
            return .relaunch
        case .testNotification:
            return .testNotification
        case .console:
            // §6.3, §6.4: a grace change (the grace lengths V-GRACE-DAYS explores) or the pause switch.
            let graceChange = try tc.drawBool(probability: 0.5)
            let days = [7, 0, 3, 14, 30][Int(try tc.drawUnsigned(upTo: 4))]
            return .console(graceChange ? .graceDays(days) : .pause(enabled: !model.pauseEnabled))
        case .forgedPurchase:
            guard model.connected else { return .resumeApp }
            let ids = catalog.purchasableIDs
            return .forgedPurchase(item: ids[Int(try tc.drawUnsigned(upTo: UInt64(ids.count - 1)))])
        case .redeemPromo:
            let ids = catalog.oneTime.map(\.id)
            return ids.isEmpty ? nil : .redeemPromo(item: ids[Int(try tc.drawUnsigned(upTo: UInt64(ids.count - 1)))])
        }
    }

    /// Under V-ADDONS, maybe an add-on for base plan `item`: a plan of another subscription, of the
    /// same renewal class (drawn only when add-ons are on, so other histories draw as before).
    private func drawAddOn(_ tc: TestCase, item: String, outcome: PlayPurchaseOutcome, model: PlayModel) throws(GenerationStop) -> String? {
        guard model.variations.addOnsOffered else { return nil }
        let wanted = try tc.drawBool(probability: 0.4)
        let pick = Int(try tc.drawUnsigned(upTo: 15))
        guard wanted, outcome != .pending, case .basePlan(let plan, let subscription)? = catalog.item(item), plan.kind != .installments else { return nil }
        let candidates = catalog.subscriptions.filter { $0.id != subscription }.flatMap(\.basePlans).filter {
            $0.kind != .installments && ($0.kind == .prepaid) == (plan.kind == .prepaid) && model.offers($0.id)
        }
        return candidates.isEmpty ? nil : candidates[pick % candidates.count].id
    }

    /// Time to the model's `boundaries`-th next boundary plus `offset` seconds (a day when nothing is due).
    func boundaryStep(_ model: PlayModel, offset: Int, boundaries: Int = 1) -> PlayEvent {
        var target: Instant?
        model.walkBoundaries(limit: boundaries) { when, _ in target = when }
        guard let target else { return .advanceTime(by: .days(1)) }
        return timeStep(model, to: target, offset: offset)
    }

    /// Time to `target` plus `offset` seconds (without the offset when that would not move forward).
    func timeStep(_ model: PlayModel, to target: Instant, offset: Int) -> PlayEvent {
        var seconds = Int(model.now.seconds(to: target)) + offset
        if seconds <= 0 { seconds = max(1, seconds - offset) }
        return .advanceTime(by: Self.duration(seconds: seconds))
    }

    /// A positive number of seconds as days, hours, minutes and seconds.
    static func duration(seconds: Int) -> ISODuration {
        ISODuration(days: seconds / 86_400, hours: seconds % 86_400 / 3_600, minutes: seconds % 3_600 / 60, seconds: seconds % 60)
    }
}
