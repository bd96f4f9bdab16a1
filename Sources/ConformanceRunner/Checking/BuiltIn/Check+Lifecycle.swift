import PurchaseStateMachine

// The lifecycle checks: a product's status in the model (unverified, revoked, pending, expired,
// in grace) decides whether the app may, or must, unlock it.

extension CheckID {
    /// A transaction that failed verification never unlocks anything.
    public static let unverifiedNeverEntitled: CheckID = "unverified-never-entitled"
    /// A refunded or revoked purchase never unlocks anything.
    public static let refundedNeverEntitled: CheckID = "refunded-never-entitled"
    /// An Ask to Buy request waiting for a parent unlocks nothing.
    public static let pendingNotEntitled: CheckID = "pending-not-entitled"
    /// An expired subscription (or one in billing retry after grace) unlocks nothing.
    public static let expiredNeverEntitled: CheckID = "expired-never-entitled"
    /// A subscription in its billing grace period keeps its service.
    public static let gracePeriodEntitled: CheckID = "grace-period-entitled"
}

extension Check {
    /// The lifecycle checks in the order they are evaluated.
    static let lifecycle: [Check] = [
        .unverifiedNeverEntitled, .refundedNeverEntitled, .pendingNotEntitled, .expiredNeverEntitled, .gracePeriodEntitled,
    ]

    /// A product whose only transaction failed verification is never unlocked.
    public static let unverifiedNeverEntitled = Check(
        id: .unverifiedNeverEntitled,
        rule: "A product whose only transaction failed StoreKit verification is never unlocked.",
        source: "§2.1 VerificationResult; §16 B14; §17.1", whenAppAgrees: .holds
    ) { input in
        input.discrepancy(.unverifiedNeverEntitled, grantingExtra: [.unverified], reason: "only has transactions that failed verification")
    }

    /// A refunded or revoked transaction never unlocks, and the app never relies on one.
    public static let refundedNeverEntitled = Check(
        id: .refundedNeverEntitled,
        rule: "A refunded or revoked transaction never unlocks its product, and the app never relies on one.",
        source: "§3.1, §9, §11; §16 B3, B4; §17.5",
        whenAppAgrees: .evaluate(when: .appNamesGrants) { model, observed, input in
            // Agreeing grants can still rest on a revoked transaction the app names.
            guard let note = reliedOnRevoked(observed, model: model) else { return nil }
            return Discrepancy(
                check: .refundedNeverEntitled, subject: "Entitled products", expected: input.expectedNames(model),
                actual: observed.entitledSorted, note: note)
        }
    ) { input in
        if input.observed.grants != nil {
            return reliedOnRevoked(input.observed, model: input.model).map { input.entitlementDiscrepancy(.refundedNeverEntitled, note: $0) }
        }
        return input.discrepancy(.refundedNeverEntitled, grantingExtra: [.revoked], reason: "was refunded or revoked")
    }

    /// A purchase waiting for Ask to Buy unlocks nothing.
    public static let pendingNotEntitled = Check(
        id: .pendingNotEntitled,
        rule: "A purchase waiting for Ask to Buy approval unlocks nothing until it is approved.",
        source: "§5.1 PurchaseResult.pending; §5.2; §16 B11", whenAppAgrees: .holds
    ) { input in
        input.discrepancy(.pendingNotEntitled, grantingExtra: [.pending], reason: "is waiting for Ask to Buy approval")
    }

    /// An expired subscription, or one in billing retry after grace, unlocks nothing.
    public static let expiredNeverEntitled = Check(
        id: .expiredNeverEntitled,
        rule: "An expired subscription, a subscription in billing retry after grace, or a non-renewing subscription past its duration unlocks nothing.",
        source: "§1, §3.1, §7.2, §7.3", whenAppAgrees: .holds
    ) { input in
        input.discrepancy(.expiredNeverEntitled, grantingExtra: [.expired, .inBillingRetry], reason: "has expired (or is in billing retry after grace)")
    }

    /// A subscription in its billing grace period keeps service.
    public static let gracePeriodEntitled = Check(
        id: .gracePeriodEntitled,
        rule: "A subscription in its billing grace period keeps full service until the grace period ends.",
        source: "§3.1 (inGracePeriod listed), §7.2; §16 B10, B18", whenAppAgrees: .holds
    ) { input in
        let bad = input.comparison.missing.indices.filter { input.statuses[$0] == .inGracePeriod }.map { input.model.catalog.products[$0].id }
        guard !bad.isEmpty else { return nil }
        return input.entitlementDiscrepancy(.gracePeriodEntitled, note: "\(list(bad)) is in its billing grace period, which keeps service")
    }

    /// When the app says which transactions it relies on: a note naming the revoked ones, or nil.
    static func reliedOnRevoked(_ observed: borrowing ObservedState, model: borrowing StoreModel) -> String? {
        guard let grants = observed.grants else { return nil }
        var bad: [String] = []
        for grant in grants where model.state.isRevoked(grant.transaction) {
            bad.append("\(grant.product) by transaction #\(grant.transaction)")
        }
        return bad.isEmpty ? nil : "the app relies on revoked transactions: \(bad.joined(separator: ", "))"
    }
}
