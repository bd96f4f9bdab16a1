import Generators
import PurchaseStateMachine

/// What an App Store subject runs on unless told otherwise: its catalog, how histories are
/// generated for it, what the app promises, and checks of its own.
public struct AppStoreSubjectSetup: Sendable {
    /// The catalog it runs on.
    public var catalog: Catalog
    /// How histories are generated for it.
    public var profile: GenerationProfile
    /// What the app promises where Apple leaves it open.
    public var policy: AppPolicy
    /// Checks of its own (such as a free-tier quota).
    public var customChecks: [CustomCheck]
}
