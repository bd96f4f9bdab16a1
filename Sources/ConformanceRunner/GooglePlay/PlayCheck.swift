import PurchaseStateMachine

/// The checks run on a Play subject after every event: the App Store's checks that carry over
/// keep their names; the rest are Play's (play-billing-semantics §15.3).
///
/// Each case owns its id, its one-line rule and its source; the order of `allCases` is the
/// order in which a divergence is attributed when several hold at once.
public enum PlayCheck: String, Hashable, Sendable, CaseIterable {
    /// The subject answers without a fault.
    case subjectResponds = "subject-responds"
    /// Permanent products are never consumed.
    case nonConsumableNeverConsumed = "non-consumable-never-consumed"
    /// No purchase is refunded for lack of acknowledgement.
    case acknowledgedInTime = "acknowledged-in-time"
    /// A purchase whose signature does not verify never entitles.
    case unverifiedNeverEntitled = "unverified-never-entitled"
    /// Pending purchases never entitle.
    case pendingNotEntitled = "pending-not-entitled"
    /// Account hold never entitles.
    case onHoldNeverEntitled = "on-hold-never-entitled"
    /// A pause never entitles.
    case pausedNeverEntitled = "paused-never-entitled"
    /// Replaced tokens never entitle.
    case replacedTokenNeverEntitled = "replaced-token-never-entitled"
    /// Voided purchases never entitle.
    case refundedNeverEntitled = "refunded-never-entitled"
    /// Expired subscriptions never entitle.
    case expiredNeverEntitled = "expired-never-entitled"
    /// Grace keeps access.
    case gracePeriodEntitled = "grace-period-entitled"
    /// Cancel keeps access until expiry.
    case canceledEntitledUntilExpiry = "canceled-entitled-until-expiry"
    /// Consumables are credited once per token.
    case consumableCreditedOnce = "consumable-credited-once"
    /// An acknowledgement Google answered with an error never costs the customer access.
    case acknowledgementErrorKeepsAccess = "acknowledgement-error-keeps-access"
    /// The app grants what the model says.
    case entitlementsMatch = "entitlements-match"

    /// The rule in one sentence.
    public var rule: String {
        switch self {
        case .subjectResponds: return "The subject answers every message without a fault."
        case .nonConsumableNeverConsumed: return "A one-time product the app treats as permanent is never consumed."
        case .acknowledgedInTime: return "No purchase the app was told of is refunded for lack of acknowledgement within three days."
        case .unverifiedNeverEntitled: return "A purchase whose signature does not verify (one Google never made) never entitles or credits."
        case .pendingNotEntitled: return "A PENDING (or canceled pending) purchase never entitles."
        case .onHoldNeverEntitled: return "A subscription on account hold never entitles."
        case .pausedNeverEntitled: return "A paused subscription never entitles."
        case .replacedTokenNeverEntitled: return "A token replaced by a plan change or re-signup never entitles."
        case .refundedNeverEntitled: return "A voided (refunded with revoke, charged back, revoked) purchase never entitles."
        case .expiredNeverEntitled: return "An expired subscription never entitles."
        case .gracePeriodEntitled: return "A subscription in grace period stays entitled."
        case .canceledEntitledUntilExpiry: return "A canceled subscription stays entitled until its expiry."
        case .consumableCreditedOnce: return "Each paid consumable token is credited its quantity exactly once."
        case .acknowledgementErrorKeepsAccess:
            return "A purchase whose acknowledgement Google answered with an error (already acknowledged, or a passing fault) stays entitled."
        case .entitlementsMatch: return "The app grants exactly what the model says."
        }
    }

    /// The semantics contract's section.
    public var source: String {
        switch self {
        case .subjectResponds, .entitlementsMatch: return "§15.1"
        case .nonConsumableNeverConsumed: return "§1, B4"
        case .acknowledgedInTime: return "§4, B1"
        case .unverifiedNeverEntitled: return "§2.3, §15.3"
        case .pendingNotEntitled: return "§3, B2"
        case .onHoldNeverEntitled: return "§6.3, B9"
        case .pausedNeverEntitled: return "§6.4, B10"
        case .replacedTokenNeverEntitled: return "§7, B8"
        case .refundedNeverEntitled: return "§8, B11"
        case .expiredNeverEntitled: return "§6.5"
        case .gracePeriodEntitled: return "§6.3"
        case .canceledEntitledUntilExpiry: return "§6.5, B16"
        case .consumableCreditedOnce: return "§5, B6, B7"
        case .acknowledgementErrorKeepsAccess: return "§4, B12"
        }
    }

    /// The check that names an unexpected grant, by the status of the token behind it.
    static func unexpectedGrant(_ status: PlayTokenStatus?) -> PlayCheck {
        switch status {
        case .pending?, .pendingCanceled?: return .pendingNotEntitled
        case .onHold?: return .onHoldNeverEntitled
        case .paused?: return .pausedNeverEntitled
        case .replaced?: return .replacedTokenNeverEntitled
        case .voided?: return .refundedNeverEntitled
        case .expired?: return .expiredNeverEntitled
        default: return .entitlementsMatch
        }
    }

    /// The check that names a missing grant, by the status of the token that should grant it.
    static func missingGrant(_ status: PlayTokenStatus?) -> PlayCheck {
        switch status {
        case .inGracePeriod?: return .gracePeriodEntitled
        case .canceled?: return .canceledEntitledUntilExpiry
        default: return .entitlementsMatch
        }
    }
}
