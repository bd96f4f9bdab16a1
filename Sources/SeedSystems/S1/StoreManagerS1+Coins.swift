import Foundation
import StoreKitTestDouble

/// Where the corrected S1 keeps its coins and the transactions it credited (`UserDefaults` in the app).
public protocol CoinStorageS1: AnyObject {
    /// The data stored under `defaultName`, if any.
    func data(forKey defaultName: String) -> Data?
    /// Stores `value` under `defaultName` (nil removes it).
    func set(_ value: Any?, forKey defaultName: String)
}

extension UserDefaults: CoinStorageS1 {}

// Fixed (consumable-credited-once): the guide sold coins and never credited them. Only the
// corrected twin calls these.
extension StoreManagerS1 {
    /// Loads the coins and the credited transactions saved by an earlier launch.
    func loadCoins() {
        if let data = storage.data(forKey: "coins"), let saved = try? JSONDecoder().decode([String: Int].self, from: data) {
            coins = saved
        }
        if let data = storage.data(forKey: "creditedIDs"), let saved = try? JSONDecoder().decode([UInt64].self, from: data) {
            creditedIDs = Set(saved)
        }
    }

    /// Credits a verified coin pack once per transaction, saved before it is finished.
    func credit(_ transaction: Transaction) {
        guard let grant = Self.coinGrants[transaction.productID],
            creditedIDs.insert(transaction.id).inserted
        else { return }
        coins[transaction.productID, default: 0] += grant * transaction.purchasedQuantity
        storage.set(try? JSONEncoder().encode(coins), forKey: "coins")
        storage.set(try? JSONEncoder().encode(creditedIDs.sorted()), forKey: "creditedIDs")
    }
}
