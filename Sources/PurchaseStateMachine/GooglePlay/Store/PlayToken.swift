/// One purchase token and everything Google Play knows about it (play-billing-semantics §2.3).
///
/// A token is one purchase of one product by the customer. A subscription keeps its token
/// across renewals, grace, hold, pause and restore; a plan change, a re-signup and a
/// resubscribe make a new one (§6.5, §7).
public struct PlayToken: Hashable, Sendable {
    /// The 1-based number events use (`#1`).
    public let number: Int
    /// The one-time product id, or the subscription product id.
    public var product: String
    /// The base plan, for a subscription.
    public var basePlan: String?
    /// Units bought (§5).
    public var quantity: Int
    /// `PENDING`, `PURCHASED` or canceled while pending (§3).
    public var purchaseState: PlayPurchaseState
    /// Whether the purchase was acknowledged or consumed (§4).
    public var acknowledged: Bool = false
    /// When it was acknowledged or consumed; a prepaid plan's next top-up is allowed from then (§1 `allowExtendAfterTime`).
    public var acknowledgedAt: Instant?
    /// Whether the one-time purchase was consumed (§5).
    public var consumed: Bool = false
    /// Why the token was voided, when it was (§8); `refundWithoutRevoke` never sets it.
    public var voided: PlayVoidCause?
    /// When Google recorded the void, which the Voided Purchases API filters on (§8).
    public var voidedAt: Instant?
    /// The units of the quantity-based refund that voided the token (its last units, `FULL`), if one did (§5).
    public var voidedQuantity: Int?
    /// The quantity-based partial refunds of a multi-quantity one-time purchase, oldest first (§5, §8).
    public var partialRefunds: [PlayQuantityRefund] = []
    /// The units refunded by partial refunds so far (§5).
    public var refundedQuantity: Int { partialRefunds.reduce(0) { $0 + $1.quantity } }
    /// When the purchase was created (the flow, or the start of a pending purchase).
    public var created: Instant
    /// When it became `PURCHASED`; the acknowledgement window starts here (§3, §4).
    public var purchasedAt: Instant?
    /// The acknowledgement deadline while one runs (§4).
    public var ackDeadline: Instant?
    /// Orders charged on this token (the first purchase and each renewal), for `orderId` (§2.3).
    public var orders: Int = 0
    /// The subscription part, for a subscription token.
    public var subscription: PlaySubscriptionRecord?
    /// The token this one replaced (`linkedPurchaseToken`, §7, §10.1).
    public var linkedToken: Int?
    /// The token that replaced this one.
    public var replacedBy: Int?
    /// The subscription product of an add-on item bought with this one (§1, V-ADDONS).
    public var addOn: String?
    /// The base plan of that add-on item.
    public var addOnPlan: String?

    /// The products of the purchase's items: the product, then the add-on (§2.3 `getProducts()`).
    public var products: [String] { [product] + (addOn.map { [$0] } ?? []) }
    /// The purchase option bought, for a one-time product with several (PBL 8, §1).
    public var purchaseOption: String?
    /// Whether that option is a rent option (productsv2 `rentOfferDetails`).
    public var rental: Bool = false
    /// The offer of that option taken, if any (productsv2 `offerId`, "only present for offers").
    public var offer: String?
    /// For a pre-order: the release time at which the pending purchase becomes `PURCHASED` by itself (§1).
    public var preorderRelease: Instant?
    /// Whether a call naming this token already met V-REPLY-TRANSIENT's passing fault (§2.2).
    public var replyFaulted: Bool = false
    /// Whether a promo code redeemed in the Play Store made this purchase (`redeemPromo`): no
    /// `orderId`, `purchaseType` 1 (§2.3, §10.2).
    public var promo: Bool = false

    /// The token string the app and the server see (stable and unique per history).
    public var tokenString: String { "token-\(number)" }

    /// The order id of the latest charge, absent while pending (§2.3).
    public var orderID: String? { orders == 0 || promo ? nil : "GPA.\(number)-\(orders - 1)" }
}

/// `Purchase.getPurchaseState()` plus the canceled-while-pending outcome (§2.3, §3).
public enum PlayPurchaseState: String, Hashable, Sendable {
    /// Paid.
    case purchased
    /// Waiting for payment or approval.
    case pending
    /// Canceled while pending; never entitled.
    case pendingCanceled
}

/// The subscription lifecycle of a token (§6).
public struct PlaySubscriptionRecord: Hashable, Sendable {
    /// Where the subscription is in its lifecycle.
    public var phase: PlaySubscriptionPhase
    /// `autoRenewingPlan.autoRenewEnabled`; false once canceled.
    public var autoRenew: Bool
    /// The line item's `expiryTime`: extended through grace, past on hold (§6.1).
    public var expiry: Instant
    /// The renewal date a failed charge was due on; grace recovery keeps it (§6.3).
    public var anchor: Instant
    /// A scheduled pause and its length (§6.4).
    public var scheduledPause: ISODuration?
    /// For a `DEFERRED` replacement: the old plan kept until `expiry`, then the new plan (§7).
    public var deferredFrom: String?
    /// Whether the current period is a free trial.
    public var inTrial: Bool
    /// Why it was canceled, when it was.
    public var cancellation: PlayCancellation?
    /// For a `DEFERRED` replacement: when the new plan's first paid period began, once it has (§7).
    public var deferredSwitchedAt: Instant? = nil
    /// Whether a replacement that took effect at once (not `DEFERRED`) retired this token; its
    /// `expiry` is then the original one, which V-OLD-TOKEN-VISIBLE and V-OLD-TOKEN-API-VALID use (§7).
    public var replacedAtOnce: Bool = false
    /// Installment payments made in the current commitment (§1, V-INSTALLMENTS).
    public var paymentsMade: Int = 0
    /// An installment plan's cancellation, scheduled for the end of its commitment (§1).
    public var pendingCancellation: Bool = false
    /// Renewals charged so far, a free trial's end not counted (a license tester's limit, §11).
    public var renewals: Int = 0
    /// When the subscription ended (ran out, was revoked, replaced, or left hold unrecovered), once it has.
    public var endedAt: Instant? = nil
}

/// The phases of a subscription token that time and billing move it through (§6.1).
public enum PlaySubscriptionPhase: Hashable, Sendable {
    /// Paid up (or canceled and unexpired, when auto-renew is off).
    case active
    /// Renewal failed; access kept until `until` (§6.3 "Grace").
    case grace(until: Instant)
    /// Renewal failed with grace 0; state stays `ACTIVE`, access kept until `until` (§6.3 "Silent grace").
    case silentGrace(until: Instant)
    /// Access suspended while Google retries, until `until` (§6.3 "Account hold").
    case onHold(until: Instant)
    /// Paused until `until` (§6.4).
    case paused(until: Instant)
    /// Over: expired, revoked, replaced or run out.
    case ended
}

/// The `canceledStateContext` variant (§6.5).
public enum PlayCancellation: String, Hashable, Sendable {
    /// The customer canceled.
    case user
    /// Account hold ended unrecovered.
    case system
    /// The token was replaced by a plan change.
    case replacement
    /// The developer canceled it (`subscriptionsv2.cancel`, `DEVELOPER_REQUESTED_STOP_PAYMENTS`).
    case developer
    /// The developer canceled it with `USER_REQUESTED_STOP_RENEWALS`: the customer can restore it (§6.5).
    case developerStopRenewals

    /// The `canceledStateContext` variant's name (§6.5, §10.1).
    public var contextName: String {
        switch self {
        case .user: return "userInitiatedCancellation"
        case .system: return "systemInitiatedCancellation"
        case .replacement: return "replacementCancellation"
        case .developer, .developerStopRenewals: return "developerInitiatedCancellation"
        }
    }
}
