import PurchaseStateMachine
import Testing

/// §9.1 [ARCH]: the legacy verifyReceipt answer that receipt-era servers (S3, S5) read.
@Suite("Legacy receipts")
struct LegacyReceiptTests {
    static let catalog = try! Catalog(products: [
        Product(id: "coins", kind: .consumable(grant: 10)),
        Product(id: "m", kind: .autoRenewable(AutoRenewableSubscription(group: "g", level: 2, period: ISODuration(months: 1)))),
        Product(id: "y", kind: .autoRenewable(AutoRenewableSubscription(group: "g", level: 1, period: ISODuration(years: 1)))),
    ])

    func receipt(_ events: [String], variations: (inout StoreVariations) -> Void = { _ in }) throws -> JSONValue {
        var settings = StoreSettings()
        variations(&settings.variations)
        var model = StoreModel(catalog: Self.catalog, settings: settings)
        for text in events { _ = try model.apply(try Event(compact: text)) }
        return model.legacyReceipt()
    }

    func items(_ receipt: JSONValue) -> [JSONValue] {
        if case .array(let a)? = receipt["latest_receipt_info"] { return a }
        return []
    }

    @Test("§9.1: every renewal is an item with the chain's original transaction id, oldest first")
    func renewals() throws {
        let r = try receipt(["purchase(m)", "advanceTime(P1M)", "advanceTime(P1M)"])
        #expect(r["status"] == .int(0))
        let list = items(r)
        #expect(list.count == 3)
        #expect(list.map { $0["transaction_id"] } == ["1", "2", "3"])
        #expect(list.allSatisfy { $0["original_transaction_id"] == "1" })
        #expect(list[0]["expires_date_ms"] == .string(String(Instant.defaultStart.adding(ISODuration(months: 1)).secondsSinceEpoch * 1000)))
    }

    @Test("§16 B12: an upgraded-from plan carries is_upgraded and a cancellation date; a refund carries one too")
    func upgradeAndRefund() throws {
        let upgraded = items(try receipt(["purchase(m)", "purchase(y)"]))
        #expect(upgraded[0]["is_upgraded"] == "true")
        #expect(upgraded[0]["cancellation_date_ms"] != nil)
        #expect(upgraded[1]["cancellation_date_ms"] == nil)
        let refunded = items(try receipt(["purchase(m)", "refund(#1, developerIssue)"]))
        #expect(refunded[0]["cancellation_date_ms"] != nil)
        #expect(refunded[0]["cancellation_reason"] == "1")
    }

    @Test("Finished consumables are not listed; a pending renewal entry names the renewal preference")
    func consumablesAndPending() throws {
        var model = StoreModel(catalog: Self.catalog)
        _ = try model.apply(.purchase("coins"))
        _ = try model.apply(.purchase("y"))
        _ = try model.apply(.purchase("m"))
        #expect(items(model.legacyReceipt()).count == 2)
        model.finish(1)
        let r = model.legacyReceipt()
        #expect(items(r).count == 1)
        guard case .array(let pending)? = r["pending_renewal_info"] else {
            Issue.record("no pending_renewal_info")
            return
        }
        #expect(pending.first?["auto_renew_product_id"] == "m")
        #expect(pending.first?["auto_renew_status"] == "1")
    }

    @Test("An iOS 6 style receipt answers 21006 with the last expired period once the subscription lapsed")
    func expiredStatus() throws {
        let events = ["purchase(m)", "setAutoRenew(g, off)", "advanceTime(P2M)"]
        #expect(try receipt(events)["status"] == .int(0))
        let legacy = try receipt(events) { $0.legacyTransactionReceipts = true }
        #expect(legacy["status"] == .int(21006))
        #expect(legacy["latest_expired_receipt_info"]?["transaction_id"] == "1")
        let active = try receipt(["purchase(m)"]) { $0.legacyTransactionReceipts = true }
        #expect(active["status"] == .int(0))
    }

    @Test("Ticks at each UTC midnight carry the receipt of that moment")
    func ticks() throws {
        var model = StoreModel(catalog: Self.catalog)
        _ = try model.apply(.purchase("m"))
        let effects = try model.apply(.advanceTime(by: .days(40)), recordingServerChannels: true)
        let ticks = effects.messages.compactMap { message -> JSONValue? in
            if case .tick(_, let receipt) = message { return receipt }
            return nil
        }
        #expect(ticks.count == 40)
        #expect(items(ticks[29]).count == 1)
        #expect(items(ticks[30]).count == 2)
    }
}
