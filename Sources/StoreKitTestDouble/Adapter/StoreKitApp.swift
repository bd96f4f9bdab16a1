import ConformanceRunner
import PurchaseStateMachine

/// How the conformance runner drives a store class written against StoreKit 2: how the app
/// creates it at launch, buys, restores, performs app actions, and what it grants.
///
/// Every requirement runs on the simulated app's main actor, inside the scheduler, so it can
/// call a `@MainActor` store directly. `StoreKitSubject<App>` turns a conforming type into a
/// `PurchaseSubject`:
///
/// ```swift
/// enum CoinShop: StoreKitApp {
///     static func launch(on device: SimulatedDevice) async -> StoreManager { StoreManager() }
///     static func buy(_ productID: String, in store: StoreManager) async throws {
///         guard let product = try await Product.products(for: [productID]).first else { return }
///         _ = try await store.purchase(product)
///     }
///     static func restore(in store: StoreManager) async throws { try await store.restorePurchases() }
///     static func observe(_ store: StoreManager, on device: SimulatedDevice) -> ObservedState {
///         ObservedState(entitled: store.purchasedProductIDs.sorted())
///     }
/// }
/// let run = try Conformance.run(StoreKitSubject<CoinShop>.self, catalog: catalog)
/// ```
public protocol StoreKitApp: SendableMetatype {
    /// The store class under test.
    associatedtype Store: AnyObject

    /// Creates the store when the app launches (again after every relaunch).
    ///
    /// Tasks the store starts here (its `Transaction.updates` listener, a first recomputation)
    /// run under the scheduler; the launch's unfinished transactions reach the listener.
    @MainActor static func launch(on device: SimulatedDevice) async -> Store

    /// Buys `productID` through the store, the way the app's buy button does.
    ///
    /// The store's call to `Product.purchase()` returns the result of the history's purchase.
    /// Errors the store throws (for a cancelled or pending purchase, say) are the app's business
    /// and are ignored; not calling `purchase()` for `productID` at all is a fault.
    @MainActor static func buy(_ productID: String, in store: Store) async throws

    /// Restores purchases through the store (usually `AppStore.sync()`, then a recomputation).
    @MainActor static func restore(in store: Store) async throws

    /// Performs the app-level action `name` (with `value`) and returns its result, if any.
    @MainActor static func perform(_ name: String, value: JSONValue?, in store: Store, on device: SimulatedDevice)
        async throws
        -> JSONValue?

    /// The app comes to the foreground, just before what it grants is read (SwiftUI's
    /// `scenePhase` turning `.active`): an app that re-reads StoreKit there does it here.
    ///
    /// Runs at every `query`, after the timers that fell due, so after every event of the
    /// history, as if the customer looked at the app then.
    @MainActor static func becomeActive(_ store: Store, on device: SimulatedDevice) async

    /// What the store grants now. Must not change the store.
    @MainActor static func observe(_ store: Store, on device: SimulatedDevice) -> ObservedState

    /// The app's version as `AppTransaction` reports it (`CFBundleVersion` on iOS): its
    /// `appVersion`, and its `originalAppVersion` too, since every history's customer is new.
    static var appVersion: String { get }
}

extension StoreKitApp {
    /// By default `"1.0"`, what `AppTransaction` reports in the sandbox; an app that reads
    /// `originalAppVersion` (to grandfather earlier buyers) should say its own version.
    public static var appVersion: String { "1.0" }

    /// By default the app has no restore button: restoring does nothing.
    @MainActor public static func restore(in store: Store) async throws {}

    /// By default coming to the foreground does nothing.
    @MainActor public static func becomeActive(_ store: Store, on device: SimulatedDevice) async {}

    /// By default the app has no app-level actions.
    @MainActor public static func perform(
        _ name: String, value: JSONValue?, in store: Store, on device: SimulatedDevice
    ) async throws
        -> JSONValue?
    {
        nil
    }
}
