import PurchaseStateMachine
import Testing

@Suite("The example of docs/Model.md")
struct ModelDocumentedExampleTests {
    @Test("docs/Model.md's example table is what the model does")
    func example() throws {
        var store = try ScenarioStore()
        var step = try store.run("purchase(basic.m)")
        #expect(step.purchaseResults == ["success #1"])
        #expect(try store.tx(1).offerType == .introductory)
        #expect(try store.tx(1).expirationDate == utc("2026-01-08T00:00:00Z"))
        #expect(step.notificationLabels == ["SUBSCRIBED/INITIAL_BUY"])

        step = try store.run("advanceTime(P1W)")
        #expect(step.updates == [2])
        #expect(try store.tx(2).expirationDate == utc("2026-02-08T00:00:00Z"))
        #expect(step.notificationLabels == ["DID_RENEW"])

        step = try store.run("purchase(pro.m)")
        #expect(step.updates == [2])
        #expect(try store.tx(2).isUpgraded)
        #expect(step.purchaseResults == ["success #3"])
        #expect(try store.tx(3).expirationDate == utc("2026-02-08T00:00:00Z"))
        #expect(step.notificationLabels == ["DID_CHANGE_RENEWAL_PREF/UPGRADE"])

        #expect(try store.run("setBilling(fail)").isEmpty)

        step = try store.run("advanceTime(P1M)")
        #expect(step.notificationLabels == ["DID_FAIL_TO_RENEW/GRACE_PERIOD"])
        #expect(try store.status("G").renewalInfo.gracePeriodExpirationDate == utc("2026-02-24T00:00:00Z"))
        #expect(store.entitled == ["pro.m"])
        #expect(store.currentEntitlements == [3])

        step = try store.run("setBilling(ok)")
        #expect(step.updates == [4])
        #expect(try store.tx(4).purchaseDate == utc("2026-02-08T00:00:00Z"))
        #expect(try store.tx(4).expirationDate == utc("2026-03-08T00:00:00Z"))
        #expect(step.notificationLabels == ["DID_RENEW/BILLING_RECOVERY"])

        step = try store.run("refund(#4)")
        #expect(step.updates == [4])
        #expect(try store.tx(4).revocationDate != nil)
        #expect(step.notificationLabels == ["REFUND", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"])
        #expect(try store.status("G").state == .revoked)
        #expect(store.entitled == [])

        #expect(try store.run("restore") == [.restore])
        #expect(store.entitled == [])
    }
}
