/// Synchronizes transactions and subscription status with the App Store (StoreKit 2's `AppStore`).
public enum AppStore {
    /// Restores purchases: waits for the simulated App Store, which shows the same state it
    /// already showed (a sync creates no transactions); throws when the app has been terminated.
    public static func sync() async throws {
        guard let session = StoreSession.current else { throw StoreKitError.unknown }
        try await session.roundTrip("AppStore.sync()", reveals: true)
    }

    /// Whether the customer can make payments (always true in the simulation).
    public static var canMakePayments: Bool { true }
}

extension AppStore {
    /// The server environment that signed a transaction.
    public struct Environment: RawRepresentable, Hashable, Sendable {
        /// The environment's name.
        public let rawValue: String
        /// Creates an environment from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The production App Store.
        public static let production = Environment(rawValue: "Production")
        /// The sandbox.
        public static let sandbox = Environment(rawValue: "Sandbox")
        /// StoreKit Testing in Xcode (and this simulation).
        public static let xcode = Environment(rawValue: "Xcode")
    }
}
