import PurchaseStateMachine

// The lifecycle checks: the status of the newest token behind a product (pending, on hold,
// paused, replaced, voided, expired, in grace, canceled) decides whether the app may, or must,
// grant it.

extension CheckID {
    /// A subscription on account hold never entitles.
    public static let onHoldNeverEntitled: CheckID = "on-hold-never-entitled"
    /// A paused subscription never entitles.
    public static let pausedNeverEntitled: CheckID = "paused-never-entitled"
    /// A token replaced by a plan change or re-signup never entitles.
    public static let replacedTokenNeverEntitled: CheckID = "replaced-token-never-entitled"
    /// A canceled subscription stays entitled until its expiry.
    public static let canceledEntitledUntilExpiry: CheckID = "canceled-entitled-until-expiry"
}

extension PlayCheck {
    /// The lifecycle checks in attribution order.
    static let lifecycle: [PlayCheck] = [
        .pendingNotEntitled, .onHoldNeverEntitled, .pausedNeverEntitled, .replacedTokenNeverEntitled, .refundedNeverEntitled,
        .expiredNeverEntitled, .gracePeriodEntitled, .canceledEntitledUntilExpiry,
    ]

    /// A check that a grant of a product whose newest token has one of the statuses `id` names never happens.
    static func neverEntitled(_ id: CheckID, rule: String, source: String) -> PlayCheck {
        PlayCheck(id: id, rule: rule, source: source) { $0.unexpectedGrant(attributedTo: id) }
    }

    /// A check that a product whose newest token has the status `id` names stays granted.
    static func staysEntitled(_ id: CheckID, rule: String, source: String) -> PlayCheck {
        PlayCheck(id: id, rule: rule, source: source) { $0.missingGrant(attributedTo: id) }
    }

    /// Pending purchases never entitle.
    public static let pendingNotEntitled = neverEntitled(
        .pendingNotEntitled, rule: "A PENDING (or canceled pending) purchase never entitles.", source: "§3, B2")

    /// Account hold never entitles.
    public static let onHoldNeverEntitled = neverEntitled(
        .onHoldNeverEntitled, rule: "A subscription on account hold never entitles.", source: "§6.3, B9")

    /// A pause never entitles.
    public static let pausedNeverEntitled = neverEntitled(
        .pausedNeverEntitled, rule: "A paused subscription never entitles.", source: "§6.4, B10")

    /// Replaced tokens never entitle.
    public static let replacedTokenNeverEntitled = neverEntitled(
        .replacedTokenNeverEntitled, rule: "A token replaced by a plan change or re-signup never entitles.", source: "§7, B8")

    /// Voided purchases never entitle.
    public static let refundedNeverEntitled = neverEntitled(
        .refundedNeverEntitled, rule: "A voided (refunded with revoke, charged back, revoked) purchase never entitles.", source: "§8, B11")

    /// Expired subscriptions never entitle.
    public static let expiredNeverEntitled = neverEntitled(
        .expiredNeverEntitled, rule: "An expired subscription never entitles.", source: "§6.5")

    /// Grace keeps access.
    public static let gracePeriodEntitled = staysEntitled(
        .gracePeriodEntitled, rule: "A subscription in grace period stays entitled.", source: "§6.3")

    /// Cancel keeps access until expiry.
    public static let canceledEntitledUntilExpiry = staysEntitled(
        .canceledEntitledUntilExpiry, rule: "A canceled subscription stays entitled until its expiry.", source: "§6.5, B16")
}
