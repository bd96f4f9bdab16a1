import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// The app of PurchaseBench-2 (`Benchmarks/PurchaseBench-2.md`) and its eight deep bugs.
///
/// PurchaseBench-1's correct app plus one rule: while the status of group `pro` is
/// `inGracePeriod`, the product of the status's transaction is entitled. Each mutant changes one
/// rule, and each is wrong only in a narrow window of time around billing grace and retry.
struct Bench2App: BenchSubject {
    /// The eight mutants of PurchaseBench-2.
    enum Mutant: String, CaseIterable {
        case d1 = "D1", d2 = "D2", d3 = "D3", d4 = "D4", d5 = "D5", d6 = "D6", d7 = "D7", d8 = "D8"

        /// The mutant's short name from the benchmark.
        var title: String {
            switch self {
            case .d1: return "grace-start-exclusive"
            case .d2: return "grace-end-inclusive"
            case .d3: return "grace-from-first-sight"
            case .d4: return "recovery-reanchored"
            case .d5: return "retry-recovery-anchored"
            case .d6: return "second-grace-denied"
            case .d7: return "recovery-boundary-inclusive"
            case .d8: return "grace-grants-pending-product"
            }
        }
    }

    /// What the app notes when a query sees a status (D3's first sightings, D6's graces); kept
    /// in memory, so a relaunch forgets it. A reference, because queries do not mutate the app.
    final class Sightings {
        /// D3: per transaction id, the first query instant that saw it in grace.
        var firstInGrace: [UInt64: Instant] = [:]
        /// D6: per original id, the transaction ids seen in grace, in the order seen.
        var graces: [UInt64: [UInt64]] = [:]
    }

    static let grace = ISODuration.days(16)

    let mutant: Mutant?
    var balance = 0
    /// Per transaction id − 1: whether its coins were credited (persisted).
    var credited: [Bool] = []
    /// Per transaction id − 1: the latest snapshot delivered (process memory).
    var memory: [Transaction?] = []
    var sightings = Sightings()
    /// D5, D7: per transaction id, the end the app computed when it first received it (memory).
    var computedEnd: [UInt64: Instant] = [:]
    /// D5, D7: per original id, the latest end kept for the chain (memory).
    var chainEnd: [UInt64: Instant] = [:]

    init(benchMutant: String?) { mutant = benchMutant.flatMap(Mutant.init(rawValue:)) }

    init(catalog: Catalog, context: SubjectContext) { self.init(benchMutant: nil) }

    mutating func terminate() {
        memory.removeAll(keepingCapacity: true)
        sightings = Sightings()
        computedEnd.removeAll()
        chainEnd.removeAll()
    }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        (context.views.currentEntitlements + unfinished).map { deliver($0.transaction) }
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.map { [deliver($0.transaction)] } ?? []
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] { [deliver(delivery.transaction)] }

    mutating func restore(context: SubjectContext) -> [UInt64] {
        context.views.currentEntitlements.map { deliver($0.transaction) }
    }

    /// Remembers one delivered transaction, credits coins once, and finishes it.
    mutating func deliver(_ tx: Transaction) -> UInt64 {
        let slot = Int(tx.id - 1)
        while memory.count <= slot { memory.append(nil) }
        while credited.count <= slot { credited.append(false) }
        if tx.productType == .consumable {
            if !credited[slot] {
                credited[slot] = true
                balance += 100
            }
        } else {
            if memory[slot] == nil, let expires = tx.expirationDate { keepEnd(of: tx, expires: expires) }
            memory[slot] = tx
        }
        return tx.id
    }

    /// D5, D7: computes a subscription transaction's end when the app first receives it, from
    /// the end kept for its chain (a renewal), and keeps the chain's latest end.
    mutating func keepEnd(of tx: Transaction, expires: Instant) {
        guard mutant == .d5 || mutant == .d7 else { return }
        var end = expires
        if tx.originalID != tx.id, let last = chainEnd[tx.originalID],
            let period = tx.productType == .autoRenewable ? subscriptionPeriods[tx.productID] : nil
        {
            let recoveredInRetry = mutant == .d7 && tx.purchaseDate > last.adding(Self.grace)
            end = recoveredInRetry ? tx.purchaseDate.adding(period) : last.adding(period)
        }
        computedEnd[tx.id] = end
        chainEnd[tx.originalID] = max(chainEnd[tx.originalID] ?? end, end)
    }

    /// The bench's subscription periods.
    var subscriptionPeriods: [String: ISODuration] { ["monthly": .days(30), "yearly": .days(365)] }

    func query(context: SubjectContext) -> ObservedState {
        let now = context.serverNow
        let catalog = context.views.catalog
        var grants: [EntitlementGrant] = []
        for case let tx? in memory where tx.revocationDate == nil {
            if tx.productType == .nonConsumable {
                grants.append(EntitlementGrant(product: tx.productID, transaction: tx.id))
            } else if !tx.isUpgraded, tx.purchaseDate <= now, let end = end(of: tx, catalog: catalog), now < end {
                grants.append(EntitlementGrant(product: tx.productID, transaction: tx.id))
            }
        }
        if let grant = graceGrant(context) { grants.append(grant) }
        var entitled: [String] = []
        for grant in grants where !entitled.contains(grant.product) { entitled.append(grant.product) }
        entitled.sort()
        return ObservedState(entitled: entitled, balances: Balances(product: "coins", units: balance), grants: grants)
    }

    /// The end the app computes for a subscription transaction (the correct app reads it).
    func end(of tx: Transaction, catalog: Catalog) -> Instant? {
        guard let expires = tx.expirationDate, let period = catalog.product(tx.productID)?.subscription?.period else {
            return tx.expirationDate
        }
        switch mutant {
        case .d4:
            return tx.purchaseDate.adding(period)
        case .d5, .d7:
            return computedEnd[tx.id] ?? expires
        default:
            return expires
        }
    }

    /// The grant the app's grace rule makes from the status of group `pro`, if any.
    func graceGrant(_ context: SubjectContext) -> EntitlementGrant? {
        guard let group = context.views.statuses.first(where: { $0.group == "pro" }),
            let status = group.statuses.first(where: { $0.ownershipType == .purchased }),
            let tx = context.views.all.first(where: { $0.transaction.id == status.transactionID })?.transaction
        else { return nil }
        let now = context.serverNow
        let inGrace = status.state == .inGracePeriod
        let inTrouble = inGrace || status.state == .inBillingRetryPeriod
        let grant = EntitlementGrant(product: tx.productID, transaction: tx.id)
        switch mutant {
        case .d1, .d2:
            guard inTrouble, let failed = tx.expirationDate else { return nil }
            let end = failed.adding(Self.grace)
            let within = mutant == .d1 ? (failed < now && now < end) : (failed <= now && now <= end)
            return within ? grant : nil
        case .d3:
            if inGrace, sightings.firstInGrace[tx.id] == nil { sightings.firstInGrace[tx.id] = now }
            guard inTrouble, let first = sightings.firstInGrace[tx.id], now < first.adding(Self.grace) else { return nil }
            return grant
        case .d6:
            guard inGrace else { return nil }
            if !(sightings.graces[tx.originalID]?.contains(tx.id) ?? false) {
                sightings.graces[tx.originalID, default: []].append(tx.id)
            }
            return (sightings.graces[tx.originalID]?.count ?? 0) >= 2 ? nil : grant
        case .d8:
            guard inGrace else { return nil }
            return EntitlementGrant(product: status.renewalInfo.autoRenewPreference ?? tx.productID, transaction: tx.id)
        default:
            return inGrace ? grant : nil
        }
    }
}
