import PurchaseStateMachine
import Testing

/// A subscription renewed over a span, and the expiration dates of every transaction.
struct CalendarCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: String
    var product: String
    var advance: String
    var expirations: [String]
    var testDescription: String { name }
}

@Suite("Renewals and auto-renew (§7.1)")
struct ModelRenewalTests {
    @Test("§7.1: a renewal is a new transaction: reason renewal, new id, same originalID, delivered on updates")
    func renewalTransaction() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)")
        store.finish(1)
        let messages = try store.run("advanceTime(P1M)")
        #expect(messages.updates == [2])
        #expect(messages.notificationLabels == ["DID_RENEW"])
        let renewal = try store.tx(2)
        #expect(renewal.reason == .renewal)
        #expect(renewal.originalID == 1)
        #expect(renewal.productID == "pro.m")
        #expect(renewal.purchaseDate == utc("2026-02-01T00:00:00Z"))
        #expect(renewal.originalPurchaseDate == utc("2026-01-01T00:00:00Z"))
        #expect(renewal.expirationDate == utc("2026-03-01T00:00:00Z"))
        #expect(store.currentEntitlements == [2], "§3.1: only the latest transaction of the subscription")
        #expect(store.unfinished == [2])
        #expect(try store.status("G").transactionID == 2)
    }

    @Test("§7.1 / history format: a subscription is active up to, not including, its expiration date")
    func renewsExactlyAtExpiration() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P30DT23H59M59S)")
        #expect(store.model.state.transactionCount == 1)
        try store.run("advanceTime(PT1S)")
        #expect(store.model.state.transactionCount == 2)
        #expect(store.now == "2026-02-01T00:00:00Z")
    }

    static let calendar: [CalendarCase] = [
        CalendarCase(
            name: "§7.1: January 31 + P1M renews on February 28, then March 31: the anchor day is kept",
            start: "2026-01-31T00:00:00Z", product: "pro.m", advance: "P4M",
            expirations: [
                "2026-02-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z", "2026-05-31T00:00:00Z",
                "2026-06-30T00:00:00Z",
            ]),
        CalendarCase(
            name: "§7.1: in a leap year January 31 + P1M is February 29",
            start: "2028-01-31T12:30:00Z", product: "pro.m", advance: "P1M",
            expirations: ["2028-02-29T12:30:00Z", "2028-03-31T12:30:00Z"]),
        CalendarCase(
            name: "§7.1: a yearly plan bought on February 29 renews on February 28 and again on February 29 in the next leap year",
            start: "2028-02-29T00:00:00Z", product: "pro.y", advance: "P4Y",
            expirations: [
                "2029-02-28T00:00:00Z", "2030-02-28T00:00:00Z", "2031-02-28T00:00:00Z", "2032-02-29T00:00:00Z",
                "2033-02-28T00:00:00Z",
            ]),
        CalendarCase(
            name: "§7.1: a weekly plan renews every seven days across a month end",
            start: "2026-01-25T08:00:00Z", product: "weekly", advance: "P14D",
            expirations: ["2026-02-01T08:00:00Z", "2026-02-08T08:00:00Z", "2026-02-15T08:00:00Z"]),
    ]

    @Test("Renewal dates follow the UTC calendar from the billing anchor", arguments: calendar)
    func calendarArithmetic(_ c: CalendarCase) throws {
        var store = try ScenarioStore(start: c.start)
        try store.run("purchase(\(c.product))", "advanceTime(\(c.advance))")
        let expirations = try (1...store.model.state.transactionCount).map {
            try store.tx(UInt64($0)).expirationDate?.iso8601
        }
        #expect(expirations == c.expirations)
        let purchases = try (2...store.model.state.transactionCount).map { try store.tx(UInt64($0)).purchaseDate.iso8601 }
        #expect(purchases == Array(c.expirations.dropLast()), "each renewal starts when the previous period ends")
    }

    @Test("§7.1: turning auto-renew off keeps service to the period end, then expires with autoRenewDisabled")
    func autoRenewOff() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "advanceTime(P10D)")
        let off = try store.run("setAutoRenew(G, off)")
        #expect(off.notificationLabels == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
        #expect(off.appMessages.isEmpty)
        var status = try store.status("G")
        #expect(status.state == .subscribed)
        #expect(status.renewalInfo.willAutoRenew == false)
        #expect(status.renewalInfo.autoRenewPreference == nil, "§7.1: nil when the person disables auto-renew")
        #expect(status.renewalInfo.expirationReason == nil)
        #expect(store.entitled == ["pro.m"])
        let end = try store.run("advanceTime(P1M)")
        #expect(end.notificationLabels == ["EXPIRED/VOLUNTARY"])
        #expect(end.updates.isEmpty, "no renewal")
        status = try store.status("G")
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(status.renewalInfo.isInBillingRetry == false)
        #expect(store.currentEntitlements == [])
        #expect(store.entitled == [])
        #expect(try store.entitlement("pro.m") == .expired)
    }

    @Test("§7.1: turning auto-renew back on before the period ends renews as usual")
    func autoRenewBackOn() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setAutoRenew(G, off)")
        let on = try store.run("setAutoRenew(G, on)")
        #expect(on.notificationLabels == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED"])
        #expect(try store.status("G").renewalInfo.autoRenewPreference == "pro.m")
        try store.run("advanceTime(P1M)")
        #expect(try store.tx(2).reason == .renewal)
    }

    @Test("§12.1/§18.2: buying again after a lapse is a resubscription that keeps the originalID by default")
    func resubscribe() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)")
        let again = try store.run("purchase(pro.y)")
        #expect(again.notificationLabels == ["SUBSCRIBED/RESUBSCRIBE"])
        let tx = try store.tx(2)
        #expect(tx.reason == .purchase)
        #expect(tx.originalID == 1)
        #expect(tx.purchaseDate == utc("2026-03-01T00:00:00Z"))
        #expect(tx.expirationDate == utc("2027-03-01T00:00:00Z"))
        #expect(store.entitled == ["pro.y"])
    }

    @Test("§17.3: many renewals in one advanceTime each arrive on updates, in time order")
    func manyRenewals() throws {
        var store = try ScenarioStore()
        try store.run("purchase(weekly)")
        let messages = try store.run("advanceTime(P10W)")
        #expect(messages.updates == Array(2...11))
        #expect(messages.notificationLabels == Array(repeating: "DID_RENEW", count: 10))
        #expect(try (2...11).allSatisfy { try store.tx(UInt64($0)).originalID == 1 })
    }
}
