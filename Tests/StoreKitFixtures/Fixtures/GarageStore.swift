// Fixture in the style of a store class that publishes itself to SwiftUI's environment (written
// for this project): a key whose default is a shared store, and an `EnvironmentValues` property
// that views read; the class itself compiles unchanged against the view-less stand-in.
import StoreKit
import SwiftUI

@MainActor
final class GarageStore: ObservableObject {
    @Published private(set) var ownedVehicles: [String] = []
    let productIDs: [String]

    init(productIDs: [String] = ["car.sport", "car.family"]) {
        self.productIDs = productIDs
    }

    func refresh() async {
        var owned: [String] = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, productIDs.contains(transaction.productID) {
                owned.append(transaction.productID)
            }
        }
        ownedVehicles = owned.sorted()
    }
}

private struct GarageStoreKey: EnvironmentKey {
    static let defaultValue: GarageStore? = nil
}

private struct GarageThemeKey: EnvironmentKey {
    static var defaultValue: String { "classic" }
}

extension EnvironmentValues {
    var garageStore: GarageStore? {
        get { self[GarageStoreKey.self] }
        set { self[GarageStoreKey.self] = newValue }
    }

    var garageTheme: String {
        get { self[GarageThemeKey.self] }
        set { self[GarageThemeKey.self] = newValue }
    }
}
