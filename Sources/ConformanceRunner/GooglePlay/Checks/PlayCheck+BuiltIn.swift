import PurchaseStateMachine

// The Google Play checks (play-billing-semantics §15.3): the App Store's checks that carry over
// keep their names; the rest are Play's. The two that frame every run are here, around the
// families in this folder.

/// A Google Play check: its input is one moment of an event on the Play model.
public typealias PlayCheck = StoreCheck<PlayCheckInput>

extension PlayCheck {
    /// The built-in Google Play checks in the order a divergence is attributed when several
    /// hold at once: most specific first.
    public static let builtIn: [PlayCheck] =
        [.subjectResponds] + billing + lifecycle + [.consumableCreditedOnce, .acknowledgementErrorKeepsAccess, .entitlementsMatch]

    /// The built-in Google Play check named `id`, or nil.
    public static func builtIn(_ id: CheckID) -> PlayCheck? { builtIn.first { $0.id == id } }

    /// The built-in Google Play check named `name`, or nil.
    public init?(rawValue name: String) {
        guard let check = Self.builtIn.first(where: { $0.id.rawValue == name }) else { return nil }
        self = check
    }

    /// The check's name.
    public var rawValue: String { id.rawValue }

    /// The subject answers every message; a fault is reported where it happens, not evaluated.
    public static let subjectResponds = PlayCheck(
        id: .subjectResponds, rule: "The subject answers every message without a fault.", source: "§15.1"
    ) { _ in nil }

    /// The app grants exactly what the model says.
    public static let entitlementsMatch = PlayCheck(
        id: .entitlementsMatch, rule: "The app grants exactly what the model says.", source: "§15.1"
    ) {
        $0.unexpectedGrant(attributedTo: .entitlementsMatch) ?? $0.missingGrant(attributedTo: .entitlementsMatch)
    }
}
