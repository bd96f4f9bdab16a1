import Foundation

/// The App Store's signed record of the customer's copy of the app (StoreKit 2's
/// `AppTransaction`), mirrored for its signing date.
///
/// `signedDate` is the App Store's clock when it signed the record, whatever the device's clock
/// says: the trusted "now" of an app that must not be fooled by a wrong device clock (a daily
/// free-tier quota, say). The simulated App Store signs the record afresh at every request, at
/// the history's current time; real StoreKit caches `shared` and signs anew on `refresh()`.
/// Not mirrored: the app versions, `originalPurchaseDate`, `deviceVerification`, `appID`.
public struct AppTransaction: Hashable, Sendable {
    /// When the App Store signed the record.
    public let signedDate: Date
    /// The server environment that signed it.
    public let environment: AppStore.Environment

    /// Creates a record.
    public init(signedDate: Date, environment: AppStore.Environment = .xcode) {
        self.signedDate = signedDate
        self.environment = environment
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
        return .verified(AppTransaction(signedDate: ModelConversion.date(session.context.serverNow)))
    }
}
