import Foundation

/// The App Store's signed record of the customer's copy of the app (StoreKit 2's
/// `AppTransaction`).
///
/// `signedDate` is the App Store's clock when it signed the record, whatever the device's clock
/// says: the trusted "now" of an app that must not be fooled by a wrong device clock (a daily
/// free-tier quota, say). The simulated App Store signs the record afresh at every request, at
/// the history's current time; real StoreKit caches `shared` and signs anew on `refresh()`.
/// Every history's customer is new: the original version and purchase are the app's version
/// (`StoreKitApp.appVersion`) at the history's start. Not mirrored: `originalPlatform`,
/// `appTransactionID`, device verification.
public struct AppTransaction: Hashable, Sendable {
    /// When the App Store signed the record.
    public let signedDate: Date
    /// The server environment that signed it.
    public let environment: AppStore.Environment
    /// The app version the customer has (`CFBundleVersion` on iOS).
    public let appVersion: String
    /// The app version the customer first got.
    public let originalAppVersion: String
    /// When the customer first got the app.
    public let originalPurchaseDate: Date
    /// The app's bundle identifier.
    public let bundleID: String
    /// The app's App Store identifier; nil outside the production App Store, as here.
    public let appID: UInt64?
    /// The App Store's identifier of the app version; nil outside production, as here.
    public let appVersionID: UInt64?
    /// When the customer pre-ordered the app; nil, no pre-orders in the model.
    public let preorderDate: Date?

    /// Creates a record.
    public init(
        signedDate: Date, environment: AppStore.Environment = .xcode, appVersion: String = "1.0",
        originalAppVersion: String? = nil, originalPurchaseDate: Date? = nil
    ) {
        self.signedDate = signedDate
        self.environment = environment
        self.appVersion = appVersion
        self.originalAppVersion = originalAppVersion ?? appVersion
        self.originalPurchaseDate = originalPurchaseDate ?? signedDate
        self.bundleID = SimulatedApp.bundleID
        self.appID = nil
        self.appVersionID = nil
        self.preorderDate = nil
    }

    /// The app's record, from the simulated App Store; throws when the app has been terminated.
    public static var shared: VerificationResult<AppTransaction> {
        get async throws { try await signed("AppTransaction.shared") }
    }

    /// Asks the App Store for a freshly signed record; throws when the app has been terminated.
    public static func refresh() async throws -> VerificationResult<AppTransaction> {
        try await signed("AppTransaction.refresh()")
    }

    private static func signed(_ label: String) async throws -> VerificationResult<AppTransaction> {
        guard let session = StoreSession.current else { throw StoreKitError.unknown }
        try await session.roundTrip(label)
        return .verified(
            AppTransaction(
                signedDate: ModelConversion.date(session.context.serverNow), appVersion: session.appVersion,
                originalPurchaseDate: session.appFirstLaunch))
    }
}
