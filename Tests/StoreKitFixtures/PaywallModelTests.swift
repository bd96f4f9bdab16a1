import ConformanceRunner
import StoreKit
import Testing

import enum PurchaseStateMachine.Event
import struct PurchaseStateMachine.History

/// Drives `PaywallModel`: it loads the shop's rows at launch and grants nothing.
enum PaywallApp: StoreKitApp {
    static func launch(on device: SimulatedDevice) async -> PaywallModel {
        let model = PaywallModel()
        try? await model.load(FixtureCatalogs.shopIDs)
        return model
    }

    static func buy(_ productID: String, in store: PaywallModel) async throws {
        _ = try await StoreKit.Product.products(for: [productID]).first?.purchase()
    }

    static func observe(_ store: PaywallModel, on device: SimulatedDevice) -> ObservedState {
        var rows = store.rows.map { "\($0.title) | \($0.price) | \($0.detail)" }
        rows.append("storefront \(store.countryCode ?? "none"), messages \(store.pendingMessages.count)")
        if let notice = store.refundNotice { rows.append(notice) }
        return ObservedState(entitled: [], extra: .array(rows.map { .string($0) }))
    }
}

@Suite("Fixtures: a paywall formatting prices, periods and offers")
struct PaywallModelTests {
    static func observed(_ events: [Event]) throws -> [String] {
        let history = History(catalog: FixtureCatalogs.shop, events: events)
        let replayer = Replayer(
            checks: CheckSelection(builtIn: [.subjectResponds]), factory: StoreKitSubject<PaywallApp>.factory())
        let replayed = replayer.replay(history, trace: true)
        let trace = replayed.trace
        guard case .passed = replayed.outcome else {
            Issue.record("the paywall did not run")
            return []
        }
        guard case .array(let lines)? = trace.last?.observed?.extra else { return [] }
        return lines.map { line in
            if case .string(let text) = line { return text }
            return ""
        }
    }

    @Test("Prices, periods, units and payment modes render the same on every machine")
    func rows() throws {
        #expect(
            try Self.observed([.advanceTime(by: .days(1))]) == [
                "coins.10 | $0.99 | Consumable",
                "theme.dark | $1.99 | Non-Consumable",
                "plus.monthly | $4.99 | $4.99 / month (1 month), Free Trial: 1 week",
                "pro.lifetime | $24.99 | Non-Consumable",
                "plus.yearly | $39.99 | $39.99 / year (1 year)",
                "storefront USA, messages 0",
            ])
    }

    @Test("A refund reaches Transaction.updates with its reason in words")
    func refundNotice() throws {
        let lines = try Self.observed([.purchase("theme.dark"), .refund(transaction: 1, reason: .developerIssue)])
        #expect(lines.last == "Refunded: The customer reported an issue with the app.")
    }
}
