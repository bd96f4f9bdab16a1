import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine
import Testing

/// Play Console settings changed mid-history (§6.3, §6.4): the `console` event.
@Suite("Google Play: console settings")
struct PlayConsoleTests {
    /// A monthly subscription whose renewal on 1 February failed: in grace (7 days by default) since then.
    static func inGrace(days elapsed: Int) throws -> PlayScenario {
        var s = try PlaySubscriptionTests.subscribed()
        try s.run("setBilling(fail)", "advanceTime(P1M)")
        if elapsed > 0 { try s.run("advanceTime(P\(elapsed)D)") }
        #expect(s.status(1) == .inGracePeriod)
        return s
    }

    @Test("§6.3: lengthening grace on the console gives customers already in grace longer access")
    func lengthen() throws {
        var s = try Self.inGrace(days: 5)
        #expect(try s.run("console(grace: P14D)").notificationTypes.isEmpty)
        #expect(s.token(1).subscription?.expiry == utc("2026-02-15T00:00:00Z"), "expiryTime follows the new grace")
        try s.run("advanceTime(P8D)")
        #expect(s.status(1) == .inGracePeriod)
        #expect(s.entitled == ["basic"], "past the old seven days, still in grace")
        #expect(try s.run("advanceTime(P1D)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        #expect(s.entitled.isEmpty)
    }

    @Test("§6.3: shortening grace on the console ends it at once for customers past the new length; the others keep it to the new end")
    func shorten() throws {
        var past = try Self.inGrace(days: 5)
        #expect(try past.run("console(grace: P3D)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        #expect(past.status(1) == .onHold)
        #expect(past.entitled.isEmpty)
        var within = try Self.inGrace(days: 1)
        #expect(try within.run("console(grace: P3D)").notificationTypes.isEmpty)
        #expect(within.status(1) == .inGracePeriod)
        #expect(try within.run("advanceTime(P2D)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"])
        var none = try Self.inGrace(days: 1)
        #expect(try none.run("console(grace: P0D)").notificationTypes == ["SUBSCRIPTION_ON_HOLD"], "no grace: past it at once")
    }

    @Test("§6.3: a grace set on the console applies to renewals that fail later; grace 0 is silent grace")
    func laterRenewals() throws {
        var s = try PlaySubscriptionTests.subscribed()
        try s.run("console(grace: P0D)", "setBilling(fail)")
        #expect(try s.run("advanceTime(P1M)").notificationTypes.isEmpty, "silent grace sends no grace RTDN")
        #expect(s.state(1) == "SUBSCRIPTION_STATE_ACTIVE")
        var longer = try PlaySubscriptionTests.subscribed()
        try longer.run("console(grace: P14D)", "setBilling(fail)", "advanceTime(P1M)")
        #expect(longer.token(1).subscription?.expiry == utc("2026-02-15T00:00:00Z"))
    }

    @Test("§6.4: with pausing turned off on the console a subscriber cannot pause, a license tester still can; a pause already scheduled goes on")
    func pauseSwitch() throws {
        var s = try PlaySubscriptionTests.subscribed()
        try s.run("console(pause: off)")
        #expect(!s.model.pauseEnabled)
        #expect(try s.rejects("pause(#1, P1M)"))
        try s.run("console(pause: on)")
        #expect(try !s.rejects("pause(#1, P1M)"))
        try s.run("pause(#1, P1M)", "console(pause: off)")
        #expect(try s.run("advanceTime(P1M)").notificationTypes == ["SUBSCRIPTION_PAUSED"], "[INF] the switch governs new requests")
        var tester = PlayLicenseTestingTests.tester()
        try tester.run("purchase(basic-monthly)")
        tester.ack(1)
        try tester.run("console(pause: off)")
        #expect(try !tester.rejects("pause(#1, P1M)"), "license testers can always pause")
    }

    @Test("§6.3: the reference app and backend follow a grace shortened on the console")
    func referencesFollow() throws {
        let events = ["purchase(basic-monthly)", "setBilling(fail)", "advanceTime(P1M)", "advanceTime(P5D)", "console(grace: P3D)", "relaunch"]
        let history = PlayHistory(events: try events.map { try PlayEvent(compact: $0) })
        #expect(PlayBuiltInSubjects.referenceFailures(history) == [])
    }
}
