import PurchaseStateMachine

// The built-in checks: the two that frame every run (the subject answers; it grants what the
// model grants) around the families in this folder.

extension CheckID {
    /// The subject answers every message in time, in form, without crashing.
    public static let subjectResponds: CheckID = "subject-responds"
    /// The app unlocks exactly what the model says a correct app unlocks.
    public static let entitlementsMatch: CheckID = "entitlements-match"
}

extension Check {
    /// The built-in checks in the order they are evaluated and reported: most specific first,
    /// so a failure is named by the rule it breaks most precisely.
    public static let builtIn: [Check] = [.subjectResponds] + lifecycle + consistency + transactions + [.entitlementsMatch]

    /// The built-in check named `id`, or nil for a user's check.
    public static func builtIn(_ id: CheckID) -> Check? { builtIn.first { $0.id == id } }

    /// The subject answers every message; a fault is reported where it happens, not evaluated.
    public static let subjectResponds = Check(
        id: .subjectResponds,
        rule: "The subject answers every message with a well-formed reply in time and does not crash or exit.",
        source: "purchase-subject/1 framing", whenAppAgrees: .holds
    ) { _ in nil }

    /// After every event the app unlocks exactly what a correct app unlocks.
    public static let entitlementsMatch = Check(
        id: .entitlementsMatch,
        rule: "After every event the app unlocks exactly the products a correct app unlocks according to the model.",
        source: "§17.1–2; §16 B3", whenAppAgrees: .holds
    ) { input in
        let comparison = input.comparison
        guard comparison.mismatch else { return nil }
        let catalog = input.model.catalog
        var note = ""
        if !comparison.unknown.isEmpty { note = "the catalog has no product \(list(comparison.unknown)); " }
        let missing = comparison.missing
        if !missing.isEmpty {
            note += "missing: \(list(input.names(missing))) ("
                + missing.indices.map { "\(catalog.products[$0].id) is \(describe(input.statuses[$0]))" }.joined(separator: ", ") + ")"
        }
        let extra = comparison.extra
        if !extra.isEmpty {
            if !missing.isEmpty { note += "; " }
            note += "not entitled: " + extra.indices.map { "\(catalog.products[$0].id) (\(describe(input.statuses[$0])))" }.joined(separator: ", ")
        }
        return input.entitlementDiscrepancy(.entitlementsMatch, note: note)
    }

    /// A product's status in words.
    static func describe(_ status: EntitlementStatus) -> String {
        switch status {
        case .owned: return "owned"
        case .subscribed: return "subscribed"
        case .inGracePeriod: return "in its billing grace period"
        case .notPurchased: return "not purchased"
        case .revoked: return "refunded or revoked"
        case .expired: return "expired"
        case .inBillingRetry: return "in billing retry"
        case .pending: return "waiting for Ask to Buy"
        case .unverified: return "unverified"
        case .supersededInGroup: return "superseded by a higher level of its group"
        }
    }
}
