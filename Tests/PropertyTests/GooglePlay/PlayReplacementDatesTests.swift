import PurchaseStateMachine
import Testing

/// The billing dates of each replacement mode, where the contract states them without prices (§7
/// "Replacement modes"). What depends on prices (how much time `WITH_TIME_PRORATION`'s credit or
/// `CHARGE_FULL_PRICE`'s remaining value buys) is an [INF] choice, see docs/PlayModel.md.
@Suite("Google Play: billing dates of the replacement modes")
struct PlayReplacementDatesTests {
    @Test("§7: CHARGE_PRORATED_PRICE and WITHOUT_PRORATION keep the billing date; the new token renews on the old renewal date",
          arguments: [("basic-monthly", "pro-yearly", PlayReplacementMode.chargeProratedPrice), ("pro-yearly", "pro-monthly", .withoutProration)])
    func billingDateKept(from: String, to: String, mode: PlayReplacementMode) throws {
        var s = try PlayScenario(owning: from)
        let renewal = try #require(s.token(1).subscription?.expiry)
        try s.run("advanceTime(P10D)", "changePlan(#1, \(to), \(mode.rawValue))")
        s.ack(2)
        #expect(s.token(2).subscription?.expiry == renewal)
        #expect(try s.run("advanceTime(\(ISODuration(seconds: Int(s.model.now.seconds(to: renewal))).iso8601))").notificationTypes == ["SUBSCRIPTION_RENEWED"])
        #expect(s.token(2).orders == 2, "the new plan's price is charged at the old renewal date")
        #expect(s.token(2).subscription?.expiry == renewal.adding(try #require(s.model.catalog.basePlan(to)).period))
    }

    @Test("§7: WITHOUT_PRORATION keeps the remaining free trial; CHARGE_FULL_PRICE ends it and charges a full period now",
          arguments: [PlayReplacementMode.withoutProration, .chargeFullPrice])
    func trialKept(mode: PlayReplacementMode) throws {
        var s = try PlayScenario(owning: "pro-monthly")
        let trialEnd = try #require(s.token(1).subscription?.expiry)
        #expect(s.token(1).subscription?.inTrial == true)
        try s.run("advanceTime(P2D)", "changePlan(#1, pro-yearly, \(mode.rawValue))")
        let record = try #require(s.token(2).subscription)
        if mode == .withoutProration {
            #expect(record.inTrial)
            #expect(record.expiry == trialEnd, "the free days left are kept; the new price starts at the trial's end")
        } else {
            #expect(!record.inTrial)
            #expect(record.expiry == s.model.now.adding(ISODuration(years: 1)).adding(seconds: 5 * 86_400),
                    "a full new period from now, plus the old plan's remaining time ([INF]: time, not value)")
        }
    }
}
