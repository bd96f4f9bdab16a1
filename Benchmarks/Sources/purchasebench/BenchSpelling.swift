import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// One event in PurchaseBench's spelling (`buy(monthly)`, `advance(30)`, `cancelAutoRenew`,
/// `refund(k)`, `relaunch`, `restore`, and PurchaseBench-2's `failBilling`, `fixBilling`), as the
/// peers print and read it.
enum BenchEvent: Hashable, CustomStringConvertible {
    case buy(String)
    case advance(Int)
    case cancelAutoRenew
    case refund(Int)
    case relaunch
    case restore
    case failBilling
    case fixBilling

    var description: String {
        switch self {
        case .buy(let product): return "buy(\(product))"
        case .advance(let days): return "advance(\(days))"
        case .cancelAutoRenew: return "cancelAutoRenew"
        case .refund(let k): return "refund(\(k))"
        case .relaunch: return "relaunch"
        case .restore: return "restore"
        case .failBilling: return "failBilling"
        case .fixBilling: return "fixBilling"
        }
    }

    /// Parses one event; surrounding blanks are ignored.
    init?(parsing text: Substring) {
        let t = text.trimmingBlanks
        switch t {
        case "cancelAutoRenew": self = .cancelAutoRenew; return
        case "relaunch": self = .relaunch; return
        case "restore": self = .restore; return
        case "failBilling" where BenchSuite.current == .two: self = .failBilling; return
        case "fixBilling" where BenchSuite.current == .two: self = .fixBilling; return
        default: break
        }
        guard let open = t.firstIndex(of: "("), t.last == ")" else { return nil }
        let kind = t[..<open]
        let argument = t[t.index(after: open)..<t.index(before: t.endIndex)]
        switch kind {
        case "buy":
            guard Bench.products.contains(String(argument)) else { return nil }
            self = .buy(String(argument))
        case "advance":
            guard let n = Int(argument) else { return nil }
            self = .advance(n)
        case "refund":
            guard let k = Int(argument) else { return nil }
            self = .refund(k)
        default:
            return nil
        }
    }
}

extension Substring {
    /// The text without leading and trailing blanks (spaces, tabs, line ends).
    var trimmingBlanks: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
        return s
    }
}

/// PurchaseBench's names and rules, read off our model's state.
enum Bench {
    static let products = ["coins", "premium", "monthly", "yearly"]
    static let group = "pro"
    static let day: Int64 = 86_400

    /// The bench's names of our checks; checks the bench does not have map to nil.
    static func name(of check: CheckID) -> String? {
        switch check {
        case .entitlementsMatch: return "entitlements"
        case .consumableCreditedOnce: return "coins"
        case .finishAlwaysCalled: return "finish"
        case .refundedNeverEntitled: return "refunded-never-entitled"
        default: return nil
        }
    }

    /// The bench's four checks, in its order.
    static let checkOrder = ["entitlements", "coins", "finish", "refunded-never-entitled"]

    /// Our checks that implement the bench's four: the only ones the harness runs.
    static let checks = CheckSelection(builtIn: [
        .entitlementsMatch, .consumableCreditedOnce, .finishAlwaysCalled, .refundedNeverEntitled,
    ])

    /// The bench names of `failure`'s checks, in the bench's order (others dropped).
    static func names(_ failure: Failure) -> [String] {
        let names = Set(failure.checks.compactMap(name(of:)))
        return checkOrder.filter { names.contains($0) }
    }

    /// A fresh model of the bench store.
    static func makeModel() -> StoreModel {
        StoreModel(catalog: PurchaseBench.catalog, settings: BenchSuite.current.settings, start: .defaultStart)
    }

    /// Whether group `pro` is in billing grace or retry (PurchaseBench-2's `trouble`).
    static func inTrouble(_ model: StoreModel) -> Bool {
        guard let statuses = model.statuses.first(where: { $0.group == group })?.statuses else { return false }
        return statuses.contains { $0.ownershipType == .purchased && ($0.state == .inGracePeriod || $0.state == .inBillingRetryPeriod) }
    }

    /// Every transaction of the model, in creation order.
    static func transactions(_ model: StoreModel) -> [Transaction] {
        (0..<model.state.transactionCount).compactMap { model.state.transaction(UInt64($0 + 1)) }
    }

    /// The bench's active subscription transaction: not revoked, not upgraded, purchase ≤ now < expiry.
    static func activeSubscription(_ model: StoreModel) -> Transaction? {
        let now = model.state.now
        return transactions(model).last { tx in
            guard tx.productType == .autoRenewable, let expires = tx.expirationDate else { return false }
            return tx.revocationDate == nil && !tx.isUpgraded && tx.purchaseDate <= now && now < expires
        }
    }

    /// The bench's refund candidates: every non-revoked, non-`coins` transaction, in creation order.
    static func refundable(_ model: StoreModel) -> [UInt64] {
        transactions(model).filter { $0.productID != "coins" && $0.revocationDate == nil }.map(\.id)
    }

    /// The bench's precondition of `event` (true: the event runs; false: it is skipped).
    static func precondition(_ event: BenchEvent, _ model: StoreModel) -> Bool {
        switch event {
        case .buy(_) where inTrouble(model), .refund(_) where inTrouble(model): return false
        case .buy("coins"): return true
        case .buy("premium"):
            return !transactions(model).contains { $0.productID == "premium" && $0.revocationDate == nil }
        case .buy(let product): return activeSubscription(model)?.productID != product
        case .advance(let n): return n >= 1
        case .cancelAutoRenew: return activeSubscription(model) != nil
        case .refund: return !refundable(model).isEmpty
        case .relaunch, .restore: return true
        case .failBilling: return model.state.billingOK
        case .fixBilling: return !model.state.billingOK
        }
    }
}

/// A bench history turned into ours: the events that run, each with its index in the bench list.
struct TranslatedHistory {
    var events: [Event] = []
    var benchIndex: [Int] = []
    /// Set when our model rejects an event the bench runs: the translation (or a model) is wrong.
    var rejection: String?
}

extension Bench {
    /// Translates bench events into ours by running them on our model: events whose bench
    /// precondition is false are skipped, as are `cancelAutoRenew`s while auto-renew is
    /// already off (a no-op the bench still counts; it changes nothing the checks see).
    static func translate(_ bench: [BenchEvent]) -> TranslatedHistory {
        var out = TranslatedHistory()
        var model = makeModel()
        var effects = StepEffects()
        for (i, b) in bench.enumerated() where precondition(b, model) {
            let event: Event
            switch b {
            case .buy(let product): event = .purchase(product)
            case .advance(let n): event = .advanceTime(by: .days(n))
            case .cancelAutoRenew:
                guard model.autoRenewToggles.contains(where: { $0.group == group && !$0.enabled }) else { continue }
                event = .setAutoRenew(group: group, enabled: false)
            case .refund(let k):
                let candidates = refundable(model)
                let slot = ((k % candidates.count) + candidates.count) % candidates.count
                event = .refund(candidates[slot])
            case .relaunch: event = .relaunch
            case .restore: event = .restore
            case .failBilling: event = .setBilling(ok: false)
            case .fixBilling: event = .setBilling(ok: true)
            }
            effects.reset()
            do {
                try model.apply(event, into: &effects)
            } catch {
                out.rejection = "bench event \(i) \(b) -> \(event.compact) rejected: \(error.reason)"
                return out
            }
            out.events.append(event)
            out.benchIndex.append(i)
        }
        return out
    }

    /// Our events in the bench's spelling; `refund(#id)` becomes `refund(k)` with `k` the
    /// position of `id` among the bench's refund candidates at that moment.
    static func spell(_ events: [Event]) -> [String] {
        var model = makeModel()
        var effects = StepEffects()
        var out: [String] = []
        for event in events {
            switch event {
            case .purchase(let purchase): out.append("buy(\(purchase.product))")
            case .advanceTime(let duration):
                let seconds = duration.exactSeconds
                out.append(seconds % day == 0 ? "advance(\(seconds / day))" : "advance(\(event.compact))")
            case .setAutoRenew(_, false): out.append("cancelAutoRenew")
            case .refund(let id, _):
                let k = refundable(model).firstIndex(of: id) ?? -1
                out.append("refund(\(k))")
            case .relaunch: out.append("relaunch")
            case .restore: out.append("restore")
            case .setBilling(let ok): out.append(ok ? "fixBilling" : "failBilling")
            default: out.append(event.compact)  // not a bench event: kept visible, never ideal
            }
            effects.reset()
            try? model.apply(event, into: &effects)
        }
        return out
    }

    /// Whether `history` (bench spelling) is `mutant`'s ideal: the listed length and, where it
    /// advances time, the smallest sufficient total (PurchaseBench-1's resolution 11; with two
    /// `advance`s, PurchaseBench-2 leaves the split free).
    static func isIdeal(_ mutant: String, _ history: [String]) -> Bool {
        let suite = BenchSuite.current
        guard let length = suite.idealLength[mutant], history.count == length else { return false }
        let advances = history.filter { $0.hasPrefix("advance(") }
        guard let days = suite.idealDays[mutant] else { return true }
        var total = 0
        for a in advances {
            guard let n = Int(a.dropFirst("advance(".count).dropLast()) else { return false }
            total += n
        }
        return total == days
    }
}
