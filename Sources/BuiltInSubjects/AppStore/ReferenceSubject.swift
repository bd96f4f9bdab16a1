import ConformanceRunner
import PurchaseStateMachine

/// The correct app: what every check expects, written against the subject protocol only.
///
/// It credits each verified consumable once per transaction id (persisted before finishing),
/// finishes every verified transaction it is handed, leaves unverified ones alone, and answers
/// `query` from StoreKit's `currentEntitlements` at that moment: verified, not revoked, not
/// upgraded, non-renewing subscriptions timed by the app from the store's clock, and one level
/// per subscription group (the highest). It never reads the device clock.
public struct ReferenceSubject: PurchaseSubject {
    /// What survives a relaunch: credited consumable transaction ids and balances.
    var credited: Set<UInt64> = []
    var balances: [String: Int] = [:]
    let catalog: Catalog

    public init(catalog: Catalog, context: SubjectContext) {
        self.catalog = catalog
    }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        unfinished.compactMap { handle($0) }
    }

    public mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    /// Credits a verified consumable once, then finishes; returns the id to finish, if any.
    mutating func handle(_ delivery: Delivery) -> UInt64? {
        guard delivery.verified else { return nil }
        let tx = delivery.transaction
        if tx.productType == .consumable, tx.revocationDate == nil, !credited.contains(tx.id),
            case .consumable(let grant)? = catalog.product(tx.productID)?.kind
        {
            credited.insert(tx.id)
            balances[tx.productID, default: 0] += grant * tx.purchasedQuantity
        }
        return tx.id
    }

    public func query(context: SubjectContext) -> ObservedState {
        var entitled: [String] = []
        var bestLevel: [String: Int] = [:]
        var subscriptions: [(product: String, group: String, level: Int)] = []
        for delivery in context.views.currentEntitlements where delivery.verified {
            let tx = delivery.transaction
            guard tx.revocationDate == nil, !tx.isUpgraded, let product = catalog.product(tx.productID) else { continue }
            switch product.kind {
            case .consumable:
                continue
            case .nonConsumable:
                entitled.append(product.id)
            case .nonRenewable(let duration):
                if context.serverNow < tx.purchaseDate.adding(duration) { entitled.append(product.id) }
            case .autoRenewable(let sub):
                subscriptions.append((product.id, sub.group, sub.level))
                bestLevel[sub.group] = min(bestLevel[sub.group] ?? Int.max, sub.level)
            }
        }
        for s in subscriptions where bestLevel[s.group] == s.level { entitled.append(s.product) }
        var metered = Balances()
        for product in catalog.products where product.type == .consumable {
            metered[product.id] = balances[product.id] ?? 0
        }
        return ObservedState(entitled: Array(Set(entitled)).sorted(), balances: metered)
    }
}
