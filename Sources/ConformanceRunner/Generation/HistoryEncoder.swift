import PurchaseStateMachine

/// Why a history cannot be expressed as the generator's choices.
struct NotEncodable: Error, CustomStringConvertible {
    var eventIndex: Int?
    var reason: String
    var description: String { (eventIndex.map { "event \($0 + 1): " } ?? "") + reason }
}

extension HistoryGenerator {
    /// The choices that make this generator produce exactly `history` (its store, then its
    /// events), so a saved history can be shrunk further with the same shrinker.
    ///
    /// Mirrors `drawSetup` and `drawEvent` draw for draw, with every kind enabled; a test
    /// checks that replaying the result regenerates the history.
    func encode(_ history: History) throws(NotEncodable) -> [UInt64] {
        guard history.schedule.isEmpty else {
            throw NotEncodable(reason: "histories with scheduling decisions are shrunk event by event")
        }
        var values: [UInt64] = []
        try encodeSetup(history.store, into: &values)
        var model = history.makeModel()
        var effects = StepEffects()
        let setup = Setup(settings: history.store, continueProbability: 0.5, enabled: Array(repeating: true, count: profile.kinds.count))
        guard history.events.count <= profile.maxEvents else {
            throw NotEncodable(reason: "the history has more than \(profile.maxEvents) events")
        }
        for (i, event) in history.events.enumerated() {
            values.append(1)
            do {
                try encodeEvent(event, model: model, setup: setup, room: profile.maxEvents - i, into: &values)
            } catch {
                throw NotEncodable(eventIndex: i, reason: error.reason)
            }
            effects.reset()
            do { try model.apply(event, into: &effects) } catch {
                throw NotEncodable(eventIndex: i, reason: "the model rejects it: \(error.reason)")
            }
        }
        if history.events.count < profile.maxEvents { values.append(0) }
        return values
    }

    private func encodeSetup(_ settings: StoreSettings, into values: inout [UInt64]) throws(NotEncodable) {
        if profile.exploreStores {
            guard settings.billingRetry.hasSameLength(as: StoreSettings().billingRetry) else {
                throw NotEncodable(reason: "generated stores always retry billing for 60 days")
            }
            let defaults = StoreVariations()
            for sw in StoreVariations.switches { values.append(sw.get(settings.variations) != sw.get(defaults) ? 1 : 0) }
            switch settings.variations.upgradedTransactionDelivery {
            case .beforePurchaseResult: values.append(0)
            case .afterPurchaseResult: values += [1, 0]
            case .notDelivered: values += [1, 1]
            }
            if settings.gracePeriod.hasSameLength(as: StoreSettings().gracePeriod) {
                values.append(0)
            } else if let g = Self.alternativeGraces.firstIndex(where: { $0.hasSameLength(as: settings.gracePeriod) }) {
                values += [1, UInt64(g)]
            } else {
                throw NotEncodable(reason: "grace period \(settings.gracePeriod.iso8601) is not one the generator draws")
            }
        } else if settings != profile.fixedSettings {
            throw NotEncodable(reason: "the store settings differ from the profile's fixed store")
        }
        values.append(0)
        if profile.swarm { values += Array(repeating: 0, count: profile.kinds.count) }
    }

    private func encodeEvent(_ event: Event, model: StoreModel, setup: Setup, room: Int, into values: inout [UInt64]) throws(Rejection) {
        func fail(_ reason: String) -> Rejection { Rejection(event: event, reason: reason) }
        guard let position = profile.kinds.firstIndex(where: { $0.kind == event.kind }) else {
            throw fail("the profile does not generate \(event.kind.rawValue) events")
        }
        values.append(UInt64(cumulative[position]))
        func reference<T>(_ candidates: [T], _ matches: (T) -> Bool) throws(Rejection) {
            guard let k = candidates.firstIndex(where: matches) else { throw fail("its reference is not a candidate") }
            values.append(UInt64(k))
        }
        switch event {
        case .purchase(let purchase):
            try encodePurchase(purchase, model: model, into: &values, fail: fail)
        case .advanceTime(let d):
            let aims = drawsBoundaryChoice(in: model)
            let plain = profile.advanceUnits.contains { unit in
                Self.amount(of: d, in: unit.unit).map { unit.range.contains($0) && unit.duration($0) == d } ?? false
            }
            if aims, !plain || encodesAims, d.totalMonths == 0, !d.isNegative,
                let choices = encodeBoundaryTarget(model.state.now.adding(d), model: model)
            {
                values += choices
                return
            }
            if aims { values.append(0) }
            guard let (u, unit) = profile.advanceUnits.enumerated().first(where: { _, unit in
                Self.amount(of: d, in: unit.unit).map { unit.range.contains($0) && unit.duration($0) == d } ?? false
            }), let amount = Self.amount(of: d, in: unit.unit)
            else { throw fail("\(d.iso8601) is not in any unit the profile draws") }
            if profile.advanceUnits.count > 1 { values.append(UInt64(u)) }
            values.append(UInt64(amount - unit.range.lowerBound))
        case .setAutoRenew(let group, let enabled):
            try reference(autoRenewCandidates(model)) { $0.group == group && $0.enabled == enabled }
        case .refund(let id, let reason):
            try reference(model.refundableTransactions(includingConsumables: profile.refundConsumables)) { $0 == id }
            if profile.purchaseVariety { values.append(reason == .developerIssue ? 1 : 0) } else if reason != .other {
                throw fail("the profile draws no refund reasons")
            }
        case .refundDeclined(let id):
            try reference(model.refundableTransactions(includingConsumables: profile.refundConsumables)) { $0 == id }
        case .refundReversed(let id):
            try reference(model.refundedTransactions) { $0 == id }
        case .relaunch, .restore:
            break
        case .setBilling(let ok):
            guard ok != model.state.billingOK else { throw fail("generated billing events always toggle") }
            // Untimed: the advance before it, if any, is an event of its own.
            if room >= 2, drawsBoundaryChoice(in: model) { values.append(0) }
        case .askToBuy(let request, let approve):
            values.append(UInt64(request - 1))
            values.append(approve ? 1 : 0)
        case .familyShare(let product):
            try reference(model.shareableProducts) { $0 == product }
        case .familyUnshare(let product):
            try reference(model.sharedProducts) { $0 == product }
        case .setDeviceClock(let offset):
            let aims = drawsBoundaryChoice(in: model)
            let plain = offset.totalMonths == 0 && offset.exactSeconds % 86_400 == 0 && offset.exactSeconds / 86_400 <= 400
            if aims, !plain, offset.totalMonths == 0,
                let choices = encodeBoundaryTarget(model.state.now.adding(offset), model: model)
            {
                values += choices
                return
            }
            if aims { values.append(0) }
            guard offset.totalMonths == 0, offset.exactSeconds % 86_400 == 0, offset.exactSeconds / 86_400 <= 400 else {
                throw fail("generated clock offsets are whole days up to 400")
            }
            values.append(offset.isNegative ? 1 : 0)
            values.append(UInt64(offset.exactSeconds / 86_400))
        case .appAction(let name, let value):
            guard let t = profile.appActions.firstIndex(where: { $0.name == name }) else { throw fail("unknown app action \(name)") }
            values.append(UInt64(t))
            let template = profile.appActions[t]
            if template.values.isEmpty {
                guard value == nil else { throw fail("the action carries no value") }
            } else {
                guard let value, let v = template.values.firstIndex(of: value) else { throw fail("the value is not one the profile draws") }
                values.append(UInt64(v))
            }
        }
        // No advance after it in its span: the next advance, if any, is an event of its own.
        if Self.takesEffectLater(event), room >= 2, drawsBoundaryChoice(in: model) {
            values.append(0)
        }
    }

    private func encodePurchase(
        _ purchase: Purchase, model: StoreModel, into values: inout [UInt64], fail: (String) -> Rejection
    ) throws(Rejection) {
        guard let p = catalog.index(of: purchase.product) else { throw fail("unknown product") }
        values.append(UInt64(p))
        guard profile.purchaseVariety else {
            guard purchase == Purchase(product: purchase.product) else { throw fail("the profile draws plain purchases only") }
            return
        }
        if let o = Self.unusualOutcomes.firstIndex(of: purchase.outcome) { values += [1, UInt64(o)] } else { values.append(0) }
        values.append(purchase.otherDevice ? 1 : 0)
        let product = catalog.products[p]
        if product.type == .consumable {
            if purchase.quantity == 1 { values.append(0) } else { values += [1, UInt64(purchase.quantity - 2)] }
        } else if purchase.quantity != 1 {
            throw fail("quantity")
        }
        if product.type == .autoRenewable {
            if let offer = purchase.offer, let o = PurchaseOffer.allCases.firstIndex(of: offer) { values += [1, UInt64(o)] } else { values.append(0) }
        }
        if let token = purchase.appAccountToken {
            guard token.hasPrefix("00000000-0000-4000-8000-"), let n = Int(token.suffix(12)), n >= 1, Self.token(n) == token else {
                throw fail("the app account token is not one the generator draws")
            }
            values += [1, UInt64(n - 1)]
        } else {
            values.append(0)
        }
    }

    static func amount(of d: ISODuration, in unit: AdvanceUnit.Unit) -> Int? {
        guard !d.isNegative else { return nil }
        switch unit {
        case .days: return d.totalMonths == 0 && d.exactSeconds % 86_400 == 0 ? Int(d.exactSeconds / 86_400) : nil
        case .hours: return d.totalMonths == 0 && d.exactSeconds % 3600 == 0 ? Int(d.exactSeconds / 3600) : nil
        case .months: return d.exactSeconds == 0 ? d.totalMonths : nil
        }
    }
}
