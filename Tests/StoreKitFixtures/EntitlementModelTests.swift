import ConformanceRunner
import StoreKit
import Testing

import struct PurchaseStateMachine.Catalog
import struct PurchaseStateMachine.Product

/// Runs the view's closures as the SwiftUI modifiers would, with `StoreKitViewTasks`.
enum EntitlementApp: StoreKitApp {
    @MainActor final class Screen {
        let model = EntitlementModel()
        var tasks: [Task<Void, Never>] = []
        lazy var purchase = StoreKitViewTasks.purchaseAction(onCompletion: { [model] product, result in
            await model.purchaseCompleted(product, result)
        })
    }

    static func launch(on device: SimulatedDevice) async -> Screen {
        let screen = Screen()
        let model = screen.model
        screen.tasks = [
            StoreKitViewTasks.subscriptionStatusTask(for: "plus") { await model.statusChanged($0) },
            StoreKitViewTasks.currentEntitlementTask(for: "pro.lifetime") { await model.lifetimeChanged($0) },
        ]
        return screen
    }

    static func buy(_ productID: String, in store: Screen) async throws {
        guard let product = try await StoreKit.Product.products(for: [productID]).first else { return }
        try await store.purchase(product)
    }

    static func observe(_ store: Screen, on device: SimulatedDevice) -> ObservedState {
        let entitled = [store.model.plusProductID, store.model.ownsLifetime ? "pro.lifetime" : nil]
        return ObservedState(entitled: entitled.compactMap { $0 }.sorted())
    }
}

@Suite("Fixtures: the closures of SwiftUI's StoreKit modifiers, run by an adapter")
struct EntitlementModelTests {
    static let catalog: Catalog = {
        do {
            return try Catalog(products: FixtureCatalogs.subscriptions.products.filter { $0.id.hasPrefix("plus") } + [
                PurchaseStateMachine.Product(id: "pro.lifetime", kind: .nonConsumable)
            ])
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static func campaign(_ checks: Set<CheckID>) throws -> ConformanceRun {
        try Conformance.run(
            StoreKitSubject<EntitlementApp>.self, catalog: Self.catalog, histories: 300,
            checks: CheckSelection(builtIn: checks), failuresFolder: nil, environment: [:])
    }

    @Test("Status and entitlement tasks keep what the app grants right over a campaign")
    func conforms() throws {
        let run = try Self.campaign([
            .expiredNeverEntitled, .refundedNeverEntitled, .oneLevelPerGroup, .gracePeriodEntitled, .entitlementsMatch,
            .subjectResponds,
        ])
        #expect(run.passed, "\(run.report)")
    }

    @Test("Without a Transaction.updates listener an upgrade made elsewhere is never finished (a real finding)")
    func unfinishedWithoutListener() throws {
        let run = try Self.campaign([.finishAlwaysCalled, .subjectResponds])
        #expect(run.result.failures.first?.check == .finishAlwaysCalled)
    }
}
