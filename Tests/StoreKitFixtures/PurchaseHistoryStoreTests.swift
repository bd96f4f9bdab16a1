import ConformanceRunner
import StoreKit
import Testing

import enum PurchaseStateMachine.Event
import enum PurchaseStateMachine.JSONValue
import struct PurchaseStateMachine.History
import struct PurchaseStateMachine.Purchase

/// Reloads the history screen whenever the app comes to the foreground.
enum PurchaseHistoryApp: StoreKitApp {
    static func launch(on device: SimulatedDevice) async -> PurchaseHistoryStore { PurchaseHistoryStore() }

    static func buy(_ productID: String, in store: PurchaseHistoryStore) async throws {
        _ = try await StoreKit.Product.products(for: [productID]).first?.purchase()
    }

    static func becomeActive(_ store: PurchaseHistoryStore, on device: SimulatedDevice) async {
        await store.reload(latestFor: ["theme.dark", "coins.10"])
    }

    static func observe(_ store: PurchaseHistoryStore, on device: SimulatedDevice) -> ObservedState {
        var lines = store.lines.map { JSONValue.string($0.text) }
        lines.append(.string("unfinished \(store.unfinishedCount), signed \(store.appSigned != nil)"))
        return ObservedState(entitled: [], extra: .array(lines))
    }
}

@Suite("Fixtures: an @Observable purchase-history screen")
struct PurchaseHistoryStoreTests {
    @Test("Transaction.all, latest(for:), unfinished and prices show the history's purchases")
    func lines() {
        let history = History(
            catalog: FixtureCatalogs.shop,
            events: [
                .purchase(Purchase(product: "coins.10", quantity: 3)), .purchase("theme.dark"),
                .refund(transaction: 2, reason: .other),
            ])
        let replayer = Replayer(
            checks: CheckSelection(builtIn: [.subjectResponds]), factory: StoreKitSubject<PurchaseHistoryApp>.factory())
        let replayed = replayer.replay(history, trace: true)
        let trace = replayed.trace
        guard case .passed = replayed.outcome else {
            Issue.record("the screen did not run")
            return
        }
        let shown = trace.map { step -> [String] in
            guard case .array(let lines)? = step.observed?.extra else { return [] }
            return lines.map { if case .string(let text) = $0 { text } else { "" } }
        }
        #expect(shown.first == ["#1 coins.10 Consumable $2.97", "latest coins.10: #1", "unfinished 1, signed true"])
        // A finished consumable leaves Transaction.all; the refund makes #2 unfinished again.
        #expect(
            shown.last == ["#2 theme.dark Non-Consumable $1.99 refunded", "latest theme.dark: #2", "unfinished 1, signed true"])
    }

    @Test("What the app finished at its last query before a relaunch counts as finished, not delivered again")
    func finishedBeforeRelaunch() {
        let history = History(catalog: FixtureCatalogs.shop, events: [.purchase("theme.dark"), .relaunch])
        let replayer = Replayer(
            checks: CheckSelection(builtIn: [.subjectResponds]),
            factory: StoreKitSubject<PurchaseHistoryApp>.factory())
        let replayed = replayer.replay(history, trace: true)
        let trace = replayed.trace
        guard case .passed = replayed.outcome else {
            Issue.record("the replay failed")
            return
        }
        #expect(trace.last?.messages.last?.hasSuffix("→ finished #1") == true)
    }
}
