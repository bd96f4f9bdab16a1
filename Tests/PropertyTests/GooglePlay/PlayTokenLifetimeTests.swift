import PurchaseStateMachine
import Testing

/// How long the Developer API answers for a subscription token (play-billing-semantics §6.5 "Token lifetime").
@Suite("Google Play: a subscription token's lifetime in the Developer API")
struct PlayTokenLifetimeTests {
    @Test("§6.5: a subscription token answers subscriptionsv2.get until 60 days after it ended, then no more; a one-time token always",
          arguments: ["cancel(#1)", "void(#1, revoke)"])
    func sixtyDays(ending: String) throws {
        var s = PlayScenario()
        try s.run("purchase(basic-monthly)", "purchase(lifetime)")
        s.ack(1)
        s.ack(2)
        try s.run(ending)
        let end = ending.hasPrefix("void") ? s.model.now : try #require(s.token(1).subscription?.expiry)
        if end > s.model.now { try s.run("advanceTime(\(ISODuration(seconds: Int(s.model.now.seconds(to: end))).iso8601))") }
        #expect(s.status(1) != .active && s.status(1) != .canceled)
        try s.run("advanceTime(P60D)")
        #expect(s.model.serverView(of: "token-1") != nil, "60 days after the end it still answers")
        try s.run("advanceTime(PT1S)")
        #expect(s.model.serverView(of: "token-1") == nil, "then the token is no longer valid for API calls")
        #expect(s.model.serverView(of: "token-2") != nil)
    }

    @Test("§6.5, §6.3: after account hold ends unrecovered, the 60 days count from that end, not from the expiryTime in the past")
    func afterHold() throws {
        var s = try PlayScenario(owning: "basic-monthly")
        try s.run("setBilling(fail)")
        let renewal = try #require(s.token(1).subscription?.expiry)
        try s.run("advanceTime(P4M)")
        let ended = try #require(s.token(1).subscription?.endedAt)
        #expect(s.status(1) == .expired)
        #expect(s.model.now > renewal.adding(.days(60)), "more than 60 days past the expiryTime the hold left in the past")
        #expect(s.model.serverView(of: "token-1") != nil, "but less than 60 days after the subscription ended")
        try s.run("advanceTime(\(ISODuration(seconds: Int(s.model.now.seconds(to: ended.adding(.days(60)))) + 1).iso8601))")
        #expect(s.model.serverView(of: "token-1") == nil)
    }
}
