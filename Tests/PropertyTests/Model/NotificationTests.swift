import PurchaseStateMachine
import Testing

/// Events leading up to one step, the step, and the notifications it produces.
struct NotificationLabelCase: Sendable, CustomTestStringConvertible {
    var name: String
    var setup: [String]
    var event: String
    var labels: [String]
    var grace: ISODuration = .days(16)
    var testDescription: String { name }
}

@Suite("App Store Server Notifications V2 of each event (§12.1)")
struct ModelNotificationTests {
    static let cases: [NotificationLabelCase] = [
        NotificationLabelCase(name: "A first subscription is SUBSCRIBED/INITIAL_BUY", setup: [], event: "purchase(pro.m)",
                         labels: ["SUBSCRIBED/INITIAL_BUY"]),
        NotificationLabelCase(name: "A subscription after a lapse is SUBSCRIBED/RESUBSCRIBE",
                         setup: ["purchase(pro.m)", "setAutoRenew(G, off)", "advanceTime(P2M)"], event: "purchase(pro.m)",
                         labels: ["SUBSCRIBED/RESUBSCRIBE"]),
        NotificationLabelCase(name: "A renewal is DID_RENEW", setup: ["purchase(pro.m)"], event: "advanceTime(P1M)",
                         labels: ["DID_RENEW"]),
        NotificationLabelCase(name: "A failed renewal with grace is DID_FAIL_TO_RENEW/GRACE_PERIOD",
                         setup: ["purchase(pro.m)", "setBilling(fail)"], event: "advanceTime(P1M)",
                         labels: ["DID_FAIL_TO_RENEW/GRACE_PERIOD"]),
        NotificationLabelCase(name: "A failed renewal without grace is DID_FAIL_TO_RENEW with no subtype",
                         setup: ["purchase(pro.m)", "setBilling(fail)"], event: "advanceTime(P1M)",
                         labels: ["DID_FAIL_TO_RENEW"], grace: .zero),
        NotificationLabelCase(name: "The end of grace is GRACE_PERIOD_EXPIRED",
                         setup: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"], event: "advanceTime(P16D)",
                         labels: ["GRACE_PERIOD_EXPIRED"]),
        NotificationLabelCase(name: "The end of billing retry is EXPIRED/BILLING_RETRY",
                         setup: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P16D)"],
                         event: "advanceTime(P44D)", labels: ["EXPIRED/BILLING_RETRY"]),
        NotificationLabelCase(name: "A recovery is DID_RENEW/BILLING_RECOVERY",
                         setup: ["purchase(pro.m)", "setBilling(fail)", "advanceTime(P1M)"], event: "setBilling(ok)",
                         labels: ["DID_RENEW/BILLING_RECOVERY"]),
        NotificationLabelCase(name: "Turning auto-renew off is DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                         setup: ["purchase(pro.m)"], event: "setAutoRenew(G, off)",
                         labels: ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"]),
        NotificationLabelCase(name: "Turning auto-renew on is DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
                         setup: ["purchase(pro.m)", "setAutoRenew(G, off)"], event: "setAutoRenew(G, on)",
                         labels: ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED"]),
        NotificationLabelCase(name: "Expiry after auto-renew was turned off is EXPIRED/VOLUNTARY",
                         setup: ["purchase(pro.m)", "setAutoRenew(G, off)"], event: "advanceTime(P1M)",
                         labels: ["EXPIRED/VOLUNTARY"]),
        NotificationLabelCase(name: "An upgrade is DID_CHANGE_RENEWAL_PREF/UPGRADE", setup: ["purchase(basic.m)"],
                         event: "purchase(pro.m)", labels: ["DID_CHANGE_RENEWAL_PREF/UPGRADE"]),
        NotificationLabelCase(name: "A downgrade is DID_CHANGE_RENEWAL_PREF/DOWNGRADE", setup: ["purchase(pro.m)"],
                         event: "purchase(basic.m)", labels: ["DID_CHANGE_RENEWAL_PREF/DOWNGRADE"]),
        NotificationLabelCase(name: "Cancelling a downgrade is DID_CHANGE_RENEWAL_PREF with no subtype",
                         setup: ["purchase(pro.m)", "purchase(basic.m)"], event: "setAutoRenew(G, on)",
                         labels: ["DID_CHANGE_RENEWAL_PREF"]),
        NotificationLabelCase(name: "A refund of a one-time purchase is REFUND", setup: ["purchase(lifetime)"],
                         event: "refund(#1)", labels: ["REFUND"]),
        NotificationLabelCase(name: "A refund of a consumable is REFUND", setup: ["purchase(coins100)"], event: "refund(#1)",
                         labels: ["REFUND"]),
        NotificationLabelCase(name: "A refund of a non-renewing subscription is REFUND", setup: ["purchase(pass30)"],
                         event: "refund(#1)", labels: ["REFUND"]),
        NotificationLabelCase(name: "A refund of a renewing subscription is REFUND then AUTO_RENEW_DISABLED",
                         setup: ["purchase(pro.m)"], event: "refund(#1)",
                         labels: ["REFUND", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"]),
        NotificationLabelCase(name: "A declined refund is REFUND_DECLINED", setup: ["purchase(lifetime)"],
                         event: "refundDeclined(#1)", labels: ["REFUND_DECLINED"]),
        NotificationLabelCase(name: "A reversed refund is REFUND_REVERSED", setup: ["purchase(lifetime)", "refund(#1)"],
                         event: "refundReversed(#1)", labels: ["REFUND_REVERSED"]),
        NotificationLabelCase(name: "Family Sharing of a subscription is SUBSCRIBED/INITIAL_BUY", setup: [],
                         event: "familyShare(pro.m)", labels: ["SUBSCRIBED/INITIAL_BUY"]),
        NotificationLabelCase(name: "Withdrawn Family Sharing is REVOKE", setup: ["familyShare(lifetime)"],
                         event: "familyUnshare(lifetime)", labels: ["REVOKE"]),
        NotificationLabelCase(name: "A one-time purchase sends nothing by default (ONE_TIME_CHARGE is sandbox-only)",
                         setup: [], event: "purchase(coins100)", labels: []),
        NotificationLabelCase(name: "Relaunch, restore, app actions and the device clock send nothing",
                         setup: ["purchase(pro.m)"], event: "relaunch", labels: []),
        NotificationLabelCase(name: "A pending, cancelled or failed purchase sends nothing",
                         setup: ["purchase(pro.m, outcome: userCancelled)", "purchase(pro.m, outcome: failed)"],
                         event: "purchase(pro.m, outcome: pending)", labels: []),
    ]

    @Test("§12.1: each event sends the documented type and subtype", arguments: cases)
    func labels(_ c: NotificationLabelCase) throws {
        var store = try ScenarioStore(settings: StoreSettings(gracePeriod: c.grace))
        for event in c.setup { try store.run(event) }
        #expect(try store.run(c.event).notificationLabels == c.labels)
    }

    @Test("§12.1: restore, app actions and the device clock send nothing")
    func silentEvents() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)")
        #expect(try store.run("restore", "appAction(x)", "setDeviceClock(P3D)").notificationLabels.isEmpty)
    }

    @Test("§12.2: a notification carries the transaction, renewal info, status and signedDate as of the event")
    func payload() throws {
        var store = try ScenarioStore()
        try store.run("purchase(pro.m)", "setBilling(fail)")
        let messages = try store.run("advanceTime(P1M)")
        let notification = try #require(
            messages.compactMap { if case .notification(let n) = $0 { return n } else { return nil } }.first)
        #expect(notification.type == .DID_FAIL_TO_RENEW)
        #expect(notification.subtype == .GRACE_PERIOD)
        #expect(notification.transaction?.id == 1, "§12.2: the period that just ended")
        #expect(notification.status == .inGracePeriod)
        #expect(notification.status?.serverStatus == 4)
        #expect(notification.renewalInfo?.gracePeriodExpirationDate == utc("2026-02-17T00:00:00Z"))
        #expect(notification.signedDate == utc("2026-02-01T00:00:00Z"))
        #expect(notification.json["notificationType"] == "DID_FAIL_TO_RENEW")
        #expect(notification.json["data"]?["status"] == 4)
    }

    @Test("§12.2: every notification has its own UUID")
    func uniqueUUIDs() throws {
        var store = try ScenarioStore()
        let messages = try store.run("purchase(pro.m)", "advanceTime(P3M)", "refund(#4)", "familyShare(pro.m)")
        let uuids = messages.compactMap { if case .notification(let n) = $0 { return n.notificationUUID } else { return nil } }
        #expect(uuids.count == 7)
        #expect(Set(uuids).count == uuids.count)
        #expect(uuids.allSatisfy { $0.count == 36 })
    }

    @Test("Server channels are off unless asked for: apps never see notifications or ticks")
    func serverChannelsOff() throws {
        var model = StoreModel(catalog: try ModelFixture.catalog())
        let effects = try model.apply(Event(compact: "purchase(pro.m)"))
        #expect(effects.notifications.isEmpty)
        let later = try model.apply(Event(compact: "advanceTime(P3D)"))
        #expect(later.messages.isEmpty, "no midnight ticks either")
    }

    @Test("A midnight tick is sent for every UTC midnight passed, when server channels are recorded")
    func ticks() throws {
        var store = try ScenarioStore(start: "2026-01-01T12:00:00Z")
        let messages = try store.run("advanceTime(P2D)")
        let ticks = messages.compactMap { if case .tick(let at, _) = $0 { return at.iso8601 } else { return nil } }
        #expect(ticks == ["2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"])
    }
}
