import ConformanceRunner
import PurchaseStateMachine

/// A client-only test app that credits and consumes `coins100` packs, making one mistake a test
/// chooses: it keeps its balance only in memory (B18), or it keys its credits on `orderId` (B14).
struct CoinCountingApp: PlaySubject {
    /// The mistake the app makes.
    enum Mistake {
        /// The balance is lost when the process ends.
        case memoryOnly
        /// A pack is credited once per `orderId`, which a promo purchase lacks.
        case keysOnOrderID
    }

    let mistake: Mistake
    var coins = 0
    var credited: [String] = []

    /// An app making `mistake`.
    init(mistake: Mistake) { self.mistake = mistake }

    /// The protocol's initializer: an app that keeps its balance only in memory.
    init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) { self.init(mistake: .memoryOnly) }

    /// A factory for campaigns and replays.
    static func factory(_ mistake: Mistake) -> PlaySubjectFactory<CoinCountingApp> {
        { _, _, _ in CoinCountingApp(mistake: mistake) }
    }

    mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        credit(purchases)
    }

    mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        result == .ok ? credit(purchases) : []
    }

    mutating func credit(_ purchases: [PlayPurchase]) -> [PlayReply] {
        purchases.filter { $0.state == .purchased && $0.products == ["coins100"] }.map { p in
            let key = mistake == .keysOnOrderID ? p.orderID ?? "" : p.token
            if !credited.contains(key) {
                credited.append(key)
                coins += p.quantity
            }
            return .consume(token: p.token)
        }
    }

    mutating func terminate() {
        if mistake == .memoryOnly { coins = 0 }
    }

    func query(context: PlaySubjectContext) throws -> ObservedState {
        ObservedState(entitled: [], balances: Balances(["coins100": coins]))
    }
}
