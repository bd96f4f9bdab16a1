import PurchaseStateMachine
import Testing

/// The catalogue of the semantics contract (§0.3), plus a weekly group and a group with
/// pay-as-you-go and pay-up-front introductory offers.
///
/// Product indices: coins100 0, lifetime 1, adfree 2, pass30 3, pro.m 4, pro.m2 5, pro.y 6,
/// basic.m 7, basic.y 8, weekly 9, news.m 10, news.y 11, news.m2 12, news.q 13. Group G has
/// no introductory offer above level 2; in group N every product has one, so changes of plan
/// show that none applies.
enum ModelFixture {
    static let catalogText = """
        {"products": [
          {"id": "coins100", "type": "consumable", "grant": 100},
          {"id": "lifetime", "type": "nonConsumable", "familyShareable": true},
          {"id": "adfree", "type": "nonConsumable"},
          {"id": "pass30", "type": "nonRenewable", "duration": "P30D"},
          {"id": "pro.m", "type": "autoRenewable", "group": "G", "level": 1, "period": "P1M", "familyShareable": true},
          {"id": "pro.m2", "type": "autoRenewable", "group": "G", "level": 1, "period": "P1M"},
          {"id": "pro.y", "type": "autoRenewable", "group": "G", "level": 1, "period": "P1Y"},
          {"id": "basic.m", "type": "autoRenewable", "group": "G", "level": 2, "period": "P1M", "familyShareable": true,
           "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
          {"id": "basic.y", "type": "autoRenewable", "group": "G", "level": 2, "period": "P1Y"},
          {"id": "weekly", "type": "autoRenewable", "group": "W", "level": 1, "period": "P1W"},
          {"id": "news.m", "type": "autoRenewable", "group": "N", "level": 1, "period": "P1M",
           "introductoryOffer": {"mode": "payAsYouGo", "duration": "P1M", "periods": 3}},
          {"id": "news.y", "type": "autoRenewable", "group": "N", "level": 2, "period": "P1Y",
           "introductoryOffer": {"mode": "payUpFront", "duration": "P3M"}},
          {"id": "news.m2", "type": "autoRenewable", "group": "N", "level": 1, "period": "P1M",
           "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
          {"id": "news.q", "type": "autoRenewable", "group": "N", "level": 1, "period": "P3M",
           "introductoryOffer": {"mode": "freeTrial", "duration": "P2W"}}
        ]}
        """

    static func catalog() throws -> Catalog { try Catalog(json: JSONValue.parse(catalogText)) }
}

/// A model driven by events in compact spelling, remembering what the store sent.
///
/// Server channels are always recorded, so every step's notifications can be checked.
struct ScenarioStore {
    var model: StoreModel

    /// A fresh store on the fixture catalogue; `start` is an ISO 8601 instant.
    init(settings: StoreSettings = StoreSettings(), start: String = "2026-01-01T00:00:00Z", catalog: Catalog? = nil)
        throws
    {
        let startInstant = try #require(Instant(iso8601: start))
        model = StoreModel(catalog: try catalog ?? ModelFixture.catalog(), settings: settings, start: startInstant)
    }

    /// Applies events given in compact spelling, in order; returns every message they produced.
    @discardableResult
    mutating func run(_ events: String...) throws -> [StoreMessage] {
        var messages: [StoreMessage] = []
        for text in events {
            let event = try Event(compact: text)
            messages += try model.apply(event, recordingServerChannels: true).messages
        }
        return messages
    }

    /// The rejection of one event in compact spelling (nil when the model accepts it); the
    /// store does not change either way.
    func rejection(_ event: String) throws -> Rejection? { model.rejection(of: try Event(compact: event)) }

    /// The app calls `finish()` on each transaction.
    mutating func finish(_ ids: UInt64...) {
        for id in ids { model.finish(id) }
    }

    /// The app finishes everything it has been handed.
    mutating func finishAll() {
        for delivery in model.unfinishedDeliveries { model.finish(delivery.transaction.id) }
    }

    // MARK: Views

    /// The products a correct app grants now (catalog order).
    var entitled: [String] { model.expectedState().entitled.indices.map { model.catalog.products[$0].id } }

    /// The products a correct app with `policy` grants now.
    func entitled(policy: AppPolicy) -> [String] {
        model.expectedState(policy: policy).entitled.indices.map { model.catalog.products[$0].id }
    }

    /// The ids `Transaction.currentEntitlements` lists.
    var currentEntitlements: [UInt64] { model.currentEntitlements.map(\.transaction.id) }

    /// The ids `Transaction.unfinished` lists.
    var unfinished: [UInt64] { model.unfinishedDeliveries.map(\.transaction.id) }

    /// The ids `Transaction.all` lists.
    var all: [UInt64] { model.allTransactions.map(\.transaction.id) }

    /// The store clock.
    var now: String { model.state.now.iso8601 }

    /// Transaction `id` as StoreKit shows it now.
    func tx(_ id: UInt64) throws -> Transaction { try #require(model.state.transaction(id)) }

    /// The status of `group` with the given ownership.
    func status(_ group: String, _ ownership: OwnershipType = .purchased) throws -> SubscriptionStatus {
        let statuses = try #require(model.statuses.first { $0.group == group }, "no statuses for group \(group)")
        return try #require(statuses.statuses.first { $0.ownershipType == ownership }, "no \(ownership) status")
    }

    /// The entitlement status of one product.
    func entitlement(_ product: String, policy: AppPolicy = AppPolicy()) throws -> EntitlementStatus {
        let index = try #require(model.catalog.index(of: product))
        return model.entitlementStatuses(policy: policy)[index]
    }

    /// The units credited for a consumable.
    func balance(_ product: String, policy: AppPolicy = AppPolicy()) throws -> Int {
        let index = try #require(model.catalog.index(of: product))
        return try #require(model.expectedState(policy: policy).balances.first { $0.product == index }).units
    }
}

extension Array where Element == StoreMessage {
    /// The server notifications, as `TYPE` or `TYPE/SUBTYPE`.
    var notificationLabels: [String] {
        compactMap { if case .notification(let n) = $0 { return n.label } else { return nil } }
    }

    /// The transaction ids delivered through `Transaction.updates`, in order.
    var updates: [UInt64] {
        compactMap { if case .update(let d) = $0 { return d.transaction.id } else { return nil } }
    }

    /// The purchase results, as `result` or `result #id`.
    var purchaseResults: [String] {
        compactMap {
            guard case .purchaseResult(_, let result, let delivery) = $0 else { return nil }
            return delivery.map { "\(result.rawValue) #\($0.transaction.id)" } ?? result.rawValue
        }
    }

    /// The messages other than notifications and midnight ticks (what an app sees).
    var appMessages: [StoreMessage] {
        filter {
            switch $0 {
            case .notification, .tick: return false
            default: return true
            }
        }
    }
}

/// An instant from ISO 8601 text, for expectations (nil text gives nil).
func utc(_ text: String?) -> Instant? { text.flatMap { Instant(iso8601: $0) } }

/// Store settings with one variation changed.
func variationSettings(_ change: (inout StoreVariations) -> Void, grace: ISODuration = .days(16)) -> StoreSettings {
    var variations = StoreVariations()
    change(&variations)
    return StoreSettings(gracePeriod: grace, variations: variations)
}
