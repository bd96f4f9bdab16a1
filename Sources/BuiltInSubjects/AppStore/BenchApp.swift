import ConformanceRunner
import PurchaseStateMachine

/// The app of PurchaseBench-1 and its eight seeded bugs, written against the subject protocol.
///
/// The correct app remembers each delivered transaction's latest snapshot (in memory), credits
/// 100 coins per coin transaction once (persisted), finishes everything it is handed, and
/// grants from what it remembers at the store's current time. A mutant changes one rule.
public struct BenchApp: PurchaseSubject {
    /// The eight mutants of PurchaseBench-1.
    public enum Mutant: String, CaseIterable, Sendable {
        /// M1 refund-ignored: a revoked non-consumable stays entitled.
        case m1 = "M1"
        /// M2 expiry-ignored: a subscription stays entitled after it expires.
        case m2 = "M2"
        /// M3 no-launch-refresh: at relaunch the app ignores the current entitlements.
        case m3 = "M3"
        /// M4 upgrade-keeps-both: the app ignores `isUpgraded`.
        case m4 = "M4"
        /// M5 renewals-unfinished: renewal transactions are never finished.
        case m5 = "M5"
        /// M6 downgrade-keeps-old: on a renewal the previous product of the chain stays entitled.
        case m6 = "M6"
        /// M7 coin-cap: the balance saturates at 255.
        case m7 = "M7"
        /// M8 refund-after-relaunch: revocations of transactions learned at launch are ignored.
        case m8 = "M8"

        /// The mutant's short name from the benchmark.
        public var title: String {
            switch self {
            case .m1: return "refund-ignored"
            case .m2: return "expiry-ignored"
            case .m3: return "no-launch-refresh"
            case .m4: return "upgrade-keeps-both"
            case .m5: return "renewals-unfinished"
            case .m6: return "downgrade-keeps-old"
            case .m7: return "coin-cap"
            case .m8: return "refund-after-relaunch"
            }
        }
    }

    let mutant: Mutant?
    var balance = 0
    /// Per transaction id − 1: whether its coins were credited (persisted).
    var credited: [Bool] = []
    /// Per transaction id − 1: what the app keeps of the latest snapshot delivered (process memory).
    var memory: [Remembered?] = []

    /// The fields of a transaction the app keeps.
    struct Remembered {
        var id: UInt64
        var originalID: UInt64
        var productID: String
        var isNonConsumable: Bool
        var purchaseDate: Instant
        var expirationDate: Instant?
        var isRevoked: Bool
        var isUpgraded: Bool

        init(_ tx: Transaction) {
            id = tx.id
            originalID = tx.originalID
            productID = tx.productID
            isNonConsumable = tx.productType == .nonConsumable
            purchaseDate = tx.purchaseDate
            expirationDate = tx.expirationDate
            isRevoked = tx.revocationDate != nil
            isUpgraded = tx.isUpgraded
        }
    }
    /// Per transaction id − 1: whether it was delivered at this process's launch.
    var launchIDs: [Bool] = []

    /// A new correct app (or mutant), for a new customer.
    public init(mutant: Mutant?) { self.mutant = mutant }

    public init(catalog: Catalog, context: SubjectContext) { self.init(mutant: nil) }

    /// A factory for the subject of `mutant` (nil: the correct app).
    public static func factory(_ mutant: Mutant?) -> SubjectFactory<BenchApp> {
        { _, _ in BenchApp(mutant: mutant) }
    }

    public mutating func terminate() {
        memory.removeAll(keepingCapacity: true)
        launchIDs.removeAll(keepingCapacity: true)
    }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        var finished: [UInt64] = []
        for d in context.views.currentEntitlements {
            if let id = deliver(d.transaction, atLaunch: true, launchEntitlement: true) { finished.append(id) }
        }
        for d in unfinished {
            if let id = deliver(d.transaction, atLaunch: true, launchEntitlement: false) { finished.append(id) }
        }
        return finished
    }

    public mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        guard let delivery, let id = deliver(delivery.transaction) else { return [] }
        return [id]
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        deliver(delivery.transaction).map { [$0] } ?? []
    }

    public mutating func restore(context: SubjectContext) -> [UInt64] {
        context.views.currentEntitlements.compactMap { deliver($0.transaction) }
    }

    /// Handles one delivered transaction; returns its id when the app finishes it.
    mutating func deliver(_ tx: Transaction, atLaunch: Bool = false, launchEntitlement: Bool = false) -> UInt64? {
        if mutant == .m3 && launchEntitlement { return nil }
        let slot = Int(tx.id - 1)
        while memory.count <= slot {
            memory.append(nil)
            launchIDs.append(false)
        }
        while credited.count <= slot { credited.append(false) }
        if tx.productType == .consumable, !credited[slot] {
            credited[slot] = true
            balance = mutant == .m7 ? min(balance + 100, 255) : balance + 100
        }
        if tx.productType != .consumable, !(mutant == .m8 && tx.revocationDate != nil && launchIDs[slot]) {
            memory[slot] = Remembered(tx)
        }
        if atLaunch { launchIDs[slot] = true }
        if mutant == .m5, tx.productType == .autoRenewable, tx.originalID != tx.id { return nil }
        return tx.id
    }

    public func query(context: SubjectContext) -> ObservedState {
        let now = context.serverNow
        var grants: [EntitlementGrant] = []
        grants.reserveCapacity(4)
        for case let tx? in memory {
            let notRevoked = !tx.isRevoked || mutant == .m1
            if tx.isNonConsumable {
                if notRevoked { grants.append(EntitlementGrant(product: tx.productID, transaction: tx.id)) }
                continue
            }
            guard let expires = tx.expirationDate else { continue }
            let active = notRevoked && (!tx.isUpgraded || mutant == .m4) && tx.purchaseDate <= now && (now < expires || mutant == .m2)
            guard active else { continue }
            grants.append(EntitlementGrant(product: tx.productID, transaction: tx.id))
            if mutant == .m6, tx.originalID != tx.id,
                let previous = memory.last(where: { $0 != nil && $0!.originalID == tx.originalID && $0!.id < tx.id }) ?? nil,
                previous.productID != tx.productID, !previous.isRevoked
            {
                grants.append(EntitlementGrant(product: previous.productID, transaction: previous.id))
            }
        }
        var entitled: [String] = []
        entitled.reserveCapacity(grants.count)
        for grant in grants where !entitled.contains(grant.product) { entitled.append(grant.product) }
        entitled.sort()
        return ObservedState(entitled: entitled, balances: Balances(product: "coins", units: balance), grants: grants)
    }
}

/// The catalog, store and generation profile of PurchaseBench-1.
public enum PurchaseBench {
    /// `coins` (+100), `premium`, `monthly` (level 2, 30 days) and `yearly` (level 1, 365 days) in group `pro`.
    public static let catalog: Catalog = {
        do {
            return try Catalog(products: [
                Product(id: "coins", kind: .consumable(grant: 100)),
                Product(id: "premium", kind: .nonConsumable),
                Product(id: "monthly", kind: .autoRenewable(AutoRenewableSubscription(group: "pro", level: 2, period: .days(30)))),
                Product(id: "yearly", kind: .autoRenewable(AutoRenewableSubscription(group: "pro", level: 1, period: .days(365)))),
            ])
        } catch {
            preconditionFailure("the PurchaseBench-1 catalog is valid: \(error)")
        }
    }()

    /// The benchmark's store: no billing grace, billing always succeeds, and a new
    /// `originalID` for every purchase (upgrades and resubscriptions start new chains).
    public static var settings: StoreSettings {
        var settings = StoreSettings(gracePeriod: .days(0))
        settings.variations.upgradeStartsNewOriginalID = true
        settings.variations.resubscribeStartsNewOriginalID = true
        return settings
    }

    /// Nine equally likely event kinds: four purchases, `advance(1…400 days)`,
    /// `cancelAutoRenew`, `refund(k)` (non-consumables only), `relaunch` and `restore`.
    /// Aimed time stays on whole days, as the bench counts them.
    public static var profile: GenerationProfile {
        var profile = GenerationProfile(
            kinds: [(.purchase, 4), (.advanceTime, 1), (.setAutoRenew, 1), (.refund, 1), (.relaunch, 1), (.restore, 1)],
            maxEvents: 50, advanceUnits: [AdvanceUnit(.days, 1...400)], exploreStores: false, fixedSettings: settings,
            swarm: true, purchaseVariety: false, refundConsumables: false, autoRenewOffOnly: true)
        profile.boundaryGranularity = 86_400
        return profile
    }
}
