import ConformanceRunner
import PurchaseStateMachine
import Testing

/// What the model decides about the Billing Library's connection (§2.1) and what a relaunch asks of
/// an app's grants (§4, B18).
@Suite("Google Play: the connection follows the foreground, and grants must outlive a relaunch")
struct PlayConnectionAndDurabilityTests {
    @Test("§2.1: the connection is up whenever the app is in the foreground: a purchase flow or plan change is refused in the background and runs after resumeApp")
    func connectionFollowsForeground() throws {
        var s = try PlayScenario(owning: "basic-monthly")
        try s.run("background")
        #expect(try s.rejects("purchase(lifetime)"))
        #expect(try s.rejects("changePlan(#1, pro-monthly, chargeFullPrice)"))
        let resumed = try s.run("resumeApp")
        guard case .connected(.resume, _)? = resumed.messages.first else {
            Issue.record("resumeApp reconnects and queries first")
            return
        }
        #expect(try !s.rejects("purchase(lifetime)"))
        #expect(try !s.rejects("changePlan(#1, pro-monthly, chargeFullPrice)"))
    }

    @Test("§4, §14 B18: an app that keeps what it granted only in memory loses it at a relaunch; consumable-credited-once catches it")
    func grantsOutliveRelaunch() throws {
        let history = PlayHistory(events: try ["purchase(coins100)", "relaunch"].map { try PlayEvent(compact: $0) })
        let result = PlayCases(factory: CoinCountingApp.factory(.memoryOnly)).replay(history)
        #expect(result.failure?.check == .consumableCreditedOnce)
        #expect(result.failure?.eventIndex == 1, "it held until the relaunch")
    }
}
