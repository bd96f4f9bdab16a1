import ConformanceRunner
import StoreKit
import Testing

import struct PurchaseStateMachine.AppPolicy
import enum PurchaseStateMachine.Event
import struct PurchaseStateMachine.History
import struct PurchaseStateMachine.Purchase
import enum SeedSystems.SeedCatalogs

/// Drives the StoreKit 1 manager: launch starts it, buy adds a payment, restore restores; the
/// server call is the App Store's `verifyReceipt`; the clock is the device's.
protocol ReceiptAdapter: StoreKitApp where Store == ReceiptIAPManager {
    static var strict: Bool { get }
}

extension ReceiptAdapter {
    @MainActor static func launch(on device: SimulatedDevice) async -> ReceiptIAPManager {
        let manager = ReceiptIAPManager(
            strict: strict, now: { device.now }, validate: { try await AppStoreReceipt.verifyReceipt($0) })
        manager.start(productIDs: Set(SeedCatalogs.s3.products.map(\.id)))
        return manager
    }

    @MainActor static func buy(_ productID: String, in store: ReceiptIAPManager) async throws {
        let product = store.products.first { $0.productIdentifier == productID }
        guard let product else { throw StoreKitError.notAvailableInStorefront }
        store.buy(product)
    }

    @MainActor static func restore(in store: ReceiptIAPManager) async throws { store.restore() }

    @MainActor static func becomeActive(_ store: ReceiptIAPManager, on device: SimulatedDevice) async {
        if strict { await store.refreshReceipt() }
    }

    @MainActor static func observe(_ store: ReceiptIAPManager, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: store.activeProductIDs, extra: .array(store.log.map { .string($0) }))
    }
}

/// S3's published rules, on the StoreKit 1 mirror.
enum ReceiptApp: ReceiptAdapter { static let strict = false }
/// S3's corrected rules, on the StoreKit 1 mirror.
enum StrictReceiptApp: ReceiptAdapter { static let strict = true }

@Suite("Fixtures: a StoreKit 1 manager validating receipts (seed system S3's rules)")
struct ReceiptIAPManagerTests {
    static func log(_ events: [Event]) -> [String] {
        let history = History(catalog: SeedCatalogs.s3, events: events)
        let replayer = Replayer(
            checks: CheckSelection(builtIn: [.subjectResponds]), factory: StoreKitSubject<ReceiptApp>.factory())
        let replayed = replayer.replay(history, trace: true)
        let trace = replayed.trace
        guard case .passed = replayed.outcome,
            case .array(let lines)? = trace.last?.observed?.extra
        else { return ["did not run"] }
        return lines.map { if case .string(let text) = $0 { text } else { "" } }
    }

    @Test("The queue reports purchasing, then purchased, deferred or failed; restore reports restored copies")
    func transactionStates() {
        #expect(
            Self.log([
                .purchase("premium.yearly"), .purchase(Purchase(product: "extras.monthly", outcome: .pending)),
                .purchase(Purchase(product: "extras.monthly", outcome: .userCancelled)),
                .purchase(Purchase(product: "extras.monthly", outcome: .failed)), .restore,
            ]) == [
                "products [\"premium.yearly\", \"standard.yearly\", \"extras.monthly\"] invalid []",
                "premium.yearly purchasing", "premium.yearly purchased #1",
                "extras.monthly purchasing", "extras.monthly deferred",
                "extras.monthly purchasing", "extras.monthly failed (cancelled)",
                "extras.monthly purchasing", "extras.monthly failed",
                "premium.yearly restored #1", "restore finished",
            ])
    }

    @Test("S3's rules are caught as S3 is: a refund never reaches StoreKit 1 and the receipt's cancellation is not read")
    func publishedRulesCaught() throws {
        let history = History(catalog: SeedCatalogs.s3, events: [.purchase("premium.yearly"), .refund(transaction: 1, reason: .other)])
        let replayer = Replayer(checks: CheckSelection(), factory: StoreKitSubject<ReceiptApp>.factory())
        guard let failure = replayer.replay(history).outcome.failure else {
            Issue.record("the refunded subscription was not caught")
            return
        }
        #expect(failure.discrepancies.map(\.check).contains(.refundedNeverEntitled))
    }

    @Test("The corrected rules conform over a campaign, refunds acknowledged by the queue")
    func correctedConforms() throws {
        let run = try Conformance.run(
            StoreKitSubject<StrictReceiptApp>.self, catalog: SeedCatalogs.s3, histories: 150,
            policy: AppPolicy(trustsServerValidation: true), failuresFolder: nil,
            environment: [:])
        #expect(run.passed, "\(run.report)")
    }
}
