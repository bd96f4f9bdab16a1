import ConformanceRunner
import StoreKit
import Testing

import enum PurchaseStateMachine.Event
import struct PurchaseStateMachine.History
import struct PurchaseStateMachine.ISODuration

/// Records, in order, what its two listeners receive: `Transaction.updates` and `Status.updates`.
enum OrderProbeApp: StoreKitApp {
    @MainActor final class Recorder {
        var lines: [String] = []
        var tasks: [Task<Void, Never>] = []
    }

    static func launch(on device: SimulatedDevice) async -> Recorder {
        let recorder = Recorder()
        recorder.tasks = [
            Task { @MainActor in
                for await update in StoreKit.Transaction.updates {
                    let transaction = update.unsafePayloadValue
                    recorder.lines.append("transaction #\(transaction.id)\(transaction.revocationDate == nil ? "" : " revoked")")
                    await transaction.finish()
                }
            },
            Task { @MainActor in
                for await status in Product.SubscriptionInfo.Status.updates {
                    let renewal = status.renewalInfo.unsafePayloadValue
                    recorder.lines.append(
                        "status \(status.state.localizedDescription) #\(status.transaction.unsafePayloadValue.id)"
                            + " autoRenew \(renewal.willAutoRenew)")
                }
            },
        ]
        return recorder
    }

    static func buy(_ productID: String, in store: Recorder) async throws {
        guard let product = try await StoreKit.Product.products(for: [productID]).first else { return }
        if case .success(.verified(let transaction)) = try await product.purchase() { await transaction.finish() }
    }

    static func observe(_ store: Recorder, on device: SimulatedDevice) -> ObservedState {
        ObservedState(entitled: [], extra: .array(store.lines.map { .string($0) }))
    }
}

@Suite("Status.updates: when it emits, and in what order")
struct StatusOrderTests {
    static func lines(_ events: [Event]) -> [String] {
        let history = History(catalog: FixtureCatalogs.subscriptions, events: events)
        let replayer = Replayer(
            checks: CheckSelection(builtIn: [.subjectResponds]), factory: StoreKitSubject<OrderProbeApp>.factory())
        let replayed = replayer.replay(history, trace: true)
        let trace = replayed.trace
        guard case .passed = replayed.outcome,
            case .array(let lines)? = trace.last?.observed?.extra
        else { return ["did not run"] }
        return lines.map { if case .string(let text) = $0 { text } else { "" } }
    }

    @Test("A purchase, a renewal preference change, a renewal and a refund each emit the group's status, after the transaction")
    func order() {
        #expect(
            Self.lines([
                .purchase("plus.monthly"), .setAutoRenew(group: "plus", enabled: false),
                .setAutoRenew(group: "plus", enabled: true), .advanceTime(by: ISODuration(months: 1)),
                .refund(transaction: 2, reason: .other),
            ]) == [
                "status Subscribed #1 autoRenew true",
                "status Subscribed #1 autoRenew false",
                "status Subscribed #1 autoRenew true",
                "transaction #2",
                "status Subscribed #2 autoRenew true",
                "transaction #2 revoked",
                "status Revoked #2 autoRenew false",
            ])
    }

    @Test("Nothing is emitted while nothing about the subscription changes")
    func quietWhenUnchanged() {
        #expect(Self.lines([.purchase("plus.monthly"), .advanceTime(by: .days(1)), .advanceTime(by: .days(1))]) == [
            "status Subscribed #1 autoRenew true"
        ])
    }
}
