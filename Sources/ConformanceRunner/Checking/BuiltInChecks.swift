import PurchaseStateMachine

/// Evaluates the built-in checks after an event, most specific first.
enum BuiltInChecks {
    /// Every failing built-in check among `enabled`, in `CheckDescription.builtIn` order.
    static func evaluate(_ input: CheckInput, enabled: CheckSelection) -> [Discrepancy] {
        var found: [Discrepancy] = []
        let catalog = input.model.catalog
        var observedSet = ProductSet()
        var unknown: [String] = []
        for id in input.observed.entitled {
            if let p = catalog.index(of: id) { observedSet.insert(p) } else { unknown.append(id) }
        }
        let extra = observedSet.subtracting(input.expected.entitled)
        let missing = input.expected.entitled.subtracting(observedSet)
        let mismatch = !extra.isEmpty || !missing.isEmpty || !unknown.isEmpty
        func names(_ set: ProductSet) -> [String] { set.indices.map { catalog.products[$0].id } }
        func entitlementDiff(_ check: CheckID, note: String) -> Discrepancy {
            Discrepancy(
                check: check, subject: "Entitled products",
                expected: names(input.expected.entitled), actual: input.observed.entitledSorted, note: note)
        }
        func extraWith(_ status: EntitlementStatus) -> [String] {
            extra.indices.filter { input.statuses[$0] == status }.map { catalog.products[$0].id }
        }
        if enabled.enabled(.unverifiedNeverEntitled) {
            let bad = extraWith(.unverified)
            if !bad.isEmpty {
                found.append(entitlementDiff(.unverifiedNeverEntitled, note: "\(list(bad)) only has transactions that failed verification"))
            }
        }
        if enabled.enabled(.refundedNeverEntitled), let d = refunded(input, extra: extraWith(.revoked), diff: entitlementDiff) {
            found.append(d)
        }
        if enabled.enabled(.pendingNotEntitled) {
            let bad = extraWith(.pending)
            if !bad.isEmpty { found.append(entitlementDiff(.pendingNotEntitled, note: "\(list(bad)) is waiting for Ask to Buy approval")) }
        }
        if enabled.enabled(.expiredNeverEntitled) {
            let bad = extraWith(.expired) + extraWith(.inBillingRetry)
            if !bad.isEmpty {
                found.append(entitlementDiff(.expiredNeverEntitled, note: "\(list(bad)) has expired (or is in billing retry after grace)"))
            }
        }
        if enabled.enabled(.gracePeriodEntitled) {
            let bad = missing.indices.filter { input.statuses[$0] == .inGracePeriod }.map { catalog.products[$0].id }
            if !bad.isEmpty {
                found.append(entitlementDiff(.gracePeriodEntitled, note: "\(list(bad)) is in its billing grace period, which keeps service"))
            }
        }
        if enabled.enabled(.oneLevelPerGroup), let d = oneLevel(input, observed: observedSet, diff: entitlementDiff) {
            found.append(d)
        }
        if enabled.enabled(.clockSkewSafe), mismatch, input.model.state.deviceClockOffset != .zero,
            let trueClock = input.observedWithTrueClock,
            trueClock.entitledSorted == names(input.expected.entitled)
        {
            found.append(
                entitlementDiff(
                    .clockSkewSafe,
                    note: "the device clock is \(input.model.state.deviceClockOffset.iso8601) off; with the true clock the app grants \(list(trueClock.entitledSorted))"))
        }
        if enabled.enabled(.restoreIdempotent), case .restore = input.event, let before = input.previousObserved {
            let changed = before.entitledSorted != input.observed.entitledSorted || before.balances != input.observed.balances
            let wrong = mismatch || balanceMismatch(input) != nil
            if changed && wrong {
                found.append(
                    Discrepancy(
                        check: .restoreIdempotent, subject: "What the app grants across the restore",
                        expected: describe(before), actual: describe(input.observed),
                        note: "restoring purchases changed the app's answer away from the model's"))
            }
        }
        if enabled.enabled(.consumableCreditedOnce), let d = balanceMismatch(input) { found.append(d) }
        if enabled.enabled(.finishAlwaysCalled),
            let d = unfinished(delivered: input.delivered.map(DeliveredTransaction.init), model: input.model, policy: input.policy)
        {
            found.append(d)
        }
        if enabled.enabled(.entitlementsMatch), mismatch {
            var note = ""
            if !unknown.isEmpty { note = "the catalog has no product \(list(unknown)); " }
            let missingNames = names(missing)
            if !missingNames.isEmpty { note += "missing: \(list(missingNames)) (" + missing.indices.map { "\(catalog.products[$0].id) is \(describe(input.statuses[$0]))" }.joined(separator: ", ") + ")" }
            let extraNames = names(extra)
            if !extraNames.isEmpty {
                if !missingNames.isEmpty { note += "; " }
                note += "not entitled: " + extra.indices.map { "\(catalog.products[$0].id) (\(describe(input.statuses[$0])))" }.joined(separator: ", ")
            }
            found.append(entitlementDiff(.entitlementsMatch, note: note))
        }
        return found
    }

    /// When the app says which transactions it relies on: a note naming the revoked ones, or nil.
    static func reliedOnRevoked(_ observed: ObservedState, model: StoreModel) -> String? {
        guard let grants = observed.grants else { return nil }
        var bad: [String] = []
        for grant in grants where model.state.isRevoked(grant.transaction) {
            bad.append("\(grant.product) by transaction #\(grant.transaction)")
        }
        return bad.isEmpty ? nil : "the app relies on revoked transactions: \(bad.joined(separator: ", "))"
    }

    static func refunded(_ input: CheckInput, extra: [String], diff: (CheckID, String) -> Discrepancy) -> Discrepancy? {
        if input.observed.grants != nil {
            return reliedOnRevoked(input.observed, model: input.model).map { diff(.refundedNeverEntitled, $0) }
        }
        guard !extra.isEmpty else { return nil }
        return diff(.refundedNeverEntitled, "\(list(extra)) was refunded or revoked")
    }

    static func oneLevel(_ input: CheckInput, observed: ProductSet, diff: (CheckID, String) -> Discrepancy) -> Discrepancy? {
        let catalog = input.model.catalog
        for (g, group) in catalog.groups.enumerated() {
            let unlocked = catalog.products(inGroup: g).filter { observed.contains($0) }
            let levels = Set(unlocked.compactMap { catalog.products[$0].subscription?.level })
            let superseded = unlocked.filter { input.statuses[$0] == .supersededInGroup }
            if levels.count > 1 || !superseded.isEmpty {
                let names = unlocked.map { catalog.products[$0].id }
                return diff(.oneLevelPerGroup, "group \(group): the app unlocks \(list(names)) at levels \(levels.sorted().map(String.init).joined(separator: ", "))")
            }
        }
        return nil
    }

    static func balanceMismatch(_ input: CheckInput) -> Discrepancy? {
        var expected: [String] = []
        var actual: [String] = []
        var differs = false
        let catalog = input.model.catalog
        for b in input.expected.balances {
            let id = catalog.products[b.product].id
            guard let reported = input.observed.balances[id] else { continue }
            expected.append("\(id): \(b.units)")
            actual.append("\(id): \(reported)")
            if reported != b.units { differs = true }
        }
        guard differs else { return nil }
        return Discrepancy(
            check: .consumableCreditedOnce, subject: "Consumable balances", expected: expected, actual: actual,
            note: "each verified consumable transaction is credited once (grant × quantity)")
    }

    static func unfinished(delivered: [DeliveredTransaction], model: StoreModel, policy: AppPolicy) -> Discrepancy? {
        var expected: [String] = []
        var actual: [String] = []
        for delivery in delivered {
            let id = delivery.id
            let finished = model.state.isFinished(id) ?? false
            let mustFinish: Bool?
            if delivery.verified {
                mustFinish = true
            } else {
                switch policy.unverifiedTransactions {
                case .finish: mustFinish = true
                case .leaveUnfinished: mustFinish = false
                case .either: mustFinish = nil
                }
            }
            guard let mustFinish, mustFinish != finished, let tx = model.state.transaction(id) else { continue }
            let label = "#\(id) \(tx.productID) (\(tx.reason.rawValue)\(delivery.verified ? "" : ", unverified"))"
            expected.append("\(label): \(mustFinish ? "finished" : "unfinished")")
            actual.append("\(label): \(finished ? "finished" : "unfinished")")
        }
        guard !expected.isEmpty else { return nil }
        return Discrepancy(
            check: .finishAlwaysCalled, subject: "Transactions delivered during the event", expected: expected, actual: actual,
            note: "a transaction left unfinished is delivered again at every launch")
    }

    static func describe(_ state: ObservedState) -> [String] {
        ["entitled: \(list(state.entitledSorted))"] + state.balances.keys.sorted().map { "\($0): \(state.balances[$0] ?? 0)" }
    }

    static func describe(_ status: EntitlementStatus) -> String {
        switch status {
        case .owned: return "owned"
        case .subscribed: return "subscribed"
        case .inGracePeriod: return "in its billing grace period"
        case .notPurchased: return "not purchased"
        case .revoked: return "refunded or revoked"
        case .expired: return "expired"
        case .inBillingRetry: return "in billing retry"
        case .pending: return "waiting for Ask to Buy"
        case .unverified: return "unverified"
        case .supersededInGroup: return "superseded by a higher level of its group"
        }
    }

    static func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : names.joined(separator: ", ") }
}
