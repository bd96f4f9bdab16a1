// The README's XCTest example and its correct subject, compiled here exactly as the README
// shows them (ReadmeSnippetTests checks that the two match): this file imports only what the
// README imports.
// README:begin correct-subject
import ConformanceTesting
import XCTest

/// A correct app: unlocks what StoreKit's current entitlements hold (verified, not revoked,
/// not upgraded, the highest level per subscription group), credits each consumable
/// transaction once, and finishes every verified transaction it is handed.
struct CorrectStore: PurchaseSubject {
    let catalog: Catalog
    var credited: Set<UInt64> = []   // persisted by a real app, so it survives a relaunch
    var coins = 0

    init(catalog: Catalog, context: SubjectContext) { self.catalog = catalog }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        unfinished.compactMap { handle($0) }
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    /// Credits a consumable once per transaction id, then finishes; unverified ones are left alone.
    mutating func handle(_ delivery: Delivery) -> UInt64? {
        guard delivery.verified else { return nil }
        let tx = delivery.transaction
        if tx.revocationDate == nil, !credited.contains(tx.id),
            case .consumable(let grant)? = catalog.product(tx.productID)?.kind
        {
            credited.insert(tx.id)
            coins += grant * tx.purchasedQuantity
        }
        return tx.id
    }

    /// Recomputed from scratch on every query: never "add on purchase, remove on refund".
    func query(context: SubjectContext) -> ObservedState {
        var unlocked: [String] = []
        var best: [String: (level: Int, id: String)] = [:]   // per subscription group
        for delivery in context.views.currentEntitlements where delivery.verified {
            let tx = delivery.transaction
            guard tx.revocationDate == nil, !tx.isUpgraded, let product = catalog.product(tx.productID) else { continue }
            switch product.kind {
            case .nonConsumable:
                unlocked.append(product.id)
            case .nonRenewable(let duration):
                if context.serverNow < tx.purchaseDate.adding(duration) { unlocked.append(product.id) }
            case .autoRenewable(let sub):
                if sub.level < best[sub.group]?.level ?? Int.max { best[sub.group] = (sub.level, product.id) }
            case .consumable:
                break
            }
        }
        unlocked += best.values.map(\.id)
        return ObservedState(entitled: unlocked.sorted(), balances: ["coins100": coins])
    }
}

final class StoreConformanceTests: XCTestCase {
    func testPurchasesConform() throws {
        let catalog = try Catalog(products: [
            Product(id: "premium", kind: .nonConsumable),
            Product(id: "coins100", kind: .consumable(grant: 100)),
            Product(id: "pro", kind: .autoRenewable(AutoRenewableSubscription(group: "plans", level: 1, period: ISODuration(months: 1)))),
            Product(id: "plus", kind: .autoRenewable(AutoRenewableSubscription(
                group: "plans", level: 2, period: ISODuration(months: 1),
                introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: ISODuration(weeks: 1))))),
        ])
        try Conformance.check(CorrectStore.self, catalog: catalog, histories: 300)
    }
}
// README:end correct-subject
