/// One thing that happens in a Google Play history: the customer, Google Play, the app's
/// process or the clock acts.
///
/// Tokens are named by number (`#1` is the first purchase token the history created), so a
/// history replays without the generator that made it. Acknowledging and consuming are not
/// events: they are the subject's replies (play-billing-semantics §4, §5). Each kind has a
/// precondition; an event whose precondition fails is rejected, never silently applied.
public enum PlayEvent: Hashable, Sendable {
    /// The customer goes through the purchase flow for a one-time product or a base plan.
    case purchase(PlayPurchaseRequest)
    /// The payment of pending purchase token `token` completes (§3).
    case completePending(token: Int)
    /// Pending purchase token `token` is canceled, for example because the customer never paid (§3).
    case cancelPending(token: Int)
    /// The customer replaces subscription token `token` by base plan `to` in the app (§7).
    case changePlan(token: Int, to: String, mode: PlayReplacementMode)
    /// The customer cancels subscription token `token` in the Play Store: auto-renew off (§6.5).
    case cancel(token: Int)
    /// The customer restores canceled, unexpired token `token` in the Play Store (§6.5, `SUBSCRIPTION_RESTARTED`).
    case restore(token: Int)
    /// The customer schedules a pause of `length` for token `token`, starting at its next renewal (§6.4).
    case pause(token: Int, length: ISODuration)
    /// The customer resumes paused token `token` by hand (§6.4).
    case unpause(token: Int)
    /// From now on renewal charges fail (`false`) or succeed (`true`); a success recovers grace and hold (§6.3).
    case setBilling(ok: Bool)
    /// Token `token` is voided or refunded (§8); with `quantity`, a refund of that many units of a
    /// multi-quantity one-time purchase (a quantity-based partial refund, §5), nil for the whole token.
    case void(token: Int, cause: PlayVoidCause, quantity: Int? = nil)
    /// Time passes on Google's clock; renewals, deadlines and expirations inside happen in order (§11).
    case advanceTime(by: ISODuration)
    /// The app leaves the foreground and loses its billing connection (§2.1).
    case background
    /// The app returns to the foreground, reconnects and calls `queryPurchasesAsync` (§2.1).
    case resumeApp
    /// The app process is terminated and launched again; it connects and queries (§2.1).
    case relaunch
    /// The developer presses "Send Test Message" in the Play Console: a `testNotification` RTDN
    /// that names no purchase and changes nothing (§9.1, §9.3).
    case testNotification
    /// A tampered device (a hooking tool, a patched Play Store) hands the app a `PURCHASED`
    /// purchase of `item` that Google never made: its signature does not verify and the Developer
    /// API does not know its token; it must not entitle (§2.3, §15.3 `unverified-never-entitled`).
    case forgedPurchase(item: String)
    /// The customer redeems a promo code for one-time product `item` in the Play Store, outside
    /// the app: a `PURCHASED` purchase without an `orderId`, `purchaseType` 1, that the app hears
    /// of only from its next `queryPurchasesAsync` (§2.3, §2.4, §10.2).
    case redeemPromo(item: String)
    /// The developer cancels subscription token `token` through `subscriptionsv2.cancel` with
    /// `cancellationType` `type`: auto-renew off, access to the end of the period; by default
    /// (`DEVELOPER_REQUESTED_STOP_PAYMENTS`) the customer cannot restore it (§6.5, §10.1).
    case devCancel(token: Int, type: PlayDeveloperCancellationType = .developerRequestedStopPayments)
    /// The developer defers billing of subscription token `token` by `by` (`subscriptionsv2.defer`):
    /// the renewal date (a prepaid plan's expiry) moves, access continues at no charge (§6.5).
    case deferBilling(token: Int, by: ISODuration)
    /// The developer changes a Play Console setting: the grace period (§6.3) or the pause switch (§6.4).
    case console(PlayConsoleSetting)
    /// A license tester uses Play Billing Lab to move acknowledged subscription token `token` straight into grace or hold (§11).
    case billingLab(token: Int, to: PlayBillingLabState)

    /// The event kind.
    public var kind: PlayEventKind {
        switch self {
        case .purchase: return .purchase
        case .completePending: return .completePending
        case .cancelPending: return .cancelPending
        case .changePlan: return .changePlan
        case .cancel: return .cancel
        case .restore: return .restore
        case .pause: return .pause
        case .unpause: return .unpause
        case .setBilling: return .setBilling
        case .void: return .void
        case .advanceTime: return .advanceTime
        case .background: return .background
        case .resumeApp: return .resumeApp
        case .relaunch: return .relaunch
        case .testNotification: return .testNotification
        case .forgedPurchase: return .forgedPurchase
        case .redeemPromo: return .redeemPromo
        case .devCancel: return .devCancel
        case .deferBilling: return .deferBilling
        case .console: return .console
        case .billingLab: return .billingLab
        }
    }

    /// The token the event names, if any.
    public var token: Int? {
        switch self {
        case .completePending(let t), .cancelPending(let t), .changePlan(let t, _, _), .cancel(let t), .restore(let t),
            .pause(let t, _), .unpause(let t), .void(let t, _, _), .devCancel(let t, _), .deferBilling(let t, _), .billingLab(let t, _):
            return t
        default: return nil
        }
    }
}

/// The kinds of Play event, in the format's order.
public enum PlayEventKind: String, Hashable, Sendable, CaseIterable {
    /// `purchase(ITEM, …)`.
    case purchase
    /// `completePending(#N)`.
    case completePending
    /// `cancelPending(#N)`.
    case cancelPending
    /// `changePlan(#N, PLAN, MODE)`.
    case changePlan
    /// `cancel(#N)`.
    case cancel
    /// `restore(#N)`.
    case restore
    /// `pause(#N, LENGTH)`.
    case pause
    /// `unpause(#N)`.
    case unpause
    /// `setBilling(ok|fail)`.
    case setBilling
    /// `void(#N, CAUSE[, quantity: K])`.
    case void
    /// `advanceTime(DURATION)`.
    case advanceTime
    /// `background`.
    case background
    /// `resumeApp`.
    case resumeApp
    /// `relaunch`.
    case relaunch
    /// `testNotification`.
    case testNotification
    /// `forgedPurchase(ITEM)`.
    case forgedPurchase
    /// `redeemPromo(ITEM)`.
    case redeemPromo
    /// `devCancel(#N[, TYPE])`.
    case devCancel
    /// `defer(#N, DURATION)`.
    case deferBilling = "defer"
    /// `console(grace: DAYS)`, `console(pause: on|off)`.
    case console
    /// `billingLab(#N, grace|hold)`.
    case billingLab
}

/// What came of a purchase flow (§2.1, §2.2, §3).
public enum PlayPurchaseOutcome: String, Hashable, Sendable, CaseIterable {
    /// Paid: the purchase is `PURCHASED`.
    case ok
    /// The purchase is `PENDING` until a `completePending` or `cancelPending`.
    case pending
    /// The customer backed out (`USER_CANCELED`).
    case userCanceled
    /// The flow failed (`ERROR`); under V-AMBIGUOUS-RESULT it may still have charged.
    case failed
    /// A network error (`NETWORK_ERROR`); under V-AMBIGUOUS-RESULT it may still have charged.
    case networkError
    /// No connection to the Play Store service (`SERVICE_DISCONNECTED`); under V-AMBIGUOUS-RESULT it may still have charged.
    case serviceDisconnected
    /// The service is unavailable for now (`SERVICE_UNAVAILABLE`); nothing is charged.
    case serviceUnavailable
    /// Billing is unavailable to this customer (`BILLING_UNAVAILABLE`); nothing is charged.
    case billingUnavailable
    /// The product cannot be bought now (`ITEM_UNAVAILABLE`); nothing is charged.
    case itemUnavailable

    /// The result the flow reports for an outcome that buys nothing, nil for `ok` and `pending` (§2.2).
    public var failureResult: PlayBillingResult? {
        switch self {
        case .ok, .pending: return nil
        case .userCanceled: return .userCanceled
        case .failed: return .error
        case .networkError: return .networkError
        case .serviceDisconnected: return .serviceDisconnected
        case .serviceUnavailable: return .serviceUnavailable
        case .billingUnavailable: return .billingUnavailable
        case .itemUnavailable: return .itemUnavailable
        }
    }

    /// Whether the spec lets the outcome hide a purchase that did go through (V-AMBIGUOUS-RESULT, §13).
    public var mayHaveCharged: Bool { self == .failed || self == .networkError || self == .serviceDisconnected }
}

/// The details of a `purchase` event.
public struct PlayPurchaseRequest: Hashable, Sendable {
    /// A one-time product id or a base plan id.
    public var item: String
    /// What came of the flow.
    public var outcome: PlayPurchaseOutcome
    /// Units bought (multi-quantity one-time products only; 1 otherwise).
    public var quantity: Int
    /// A base plan of another subscription bought in the same purchase, as an add-on item of one
    /// token (§1 "Subscriptions with add-ons", V-ADDONS).
    public var addOn: String?
    /// The purchase option of a one-time product bought (buy or rent, PBL 8, §1); nil for the
    /// product's only option.
    public var option: String?
    /// The offer of that purchase option taken, if any (§1); an offer is bought one unit at a time (§5).
    public var offer: String?

    /// Creates a request; by default a paid purchase of one unit through the product's only option.
    public init(item: String, outcome: PlayPurchaseOutcome = .ok, quantity: Int = 1, addOn: String? = nil, option: String? = nil, offer: String? = nil) {
        self.item = item
        self.outcome = outcome
        self.quantity = quantity
        self.addOn = addOn
        self.option = option
        self.offer = offer
    }
}

/// How a plan change takes effect (`SubscriptionUpdateParams.ReplacementMode`, §7).
public enum PlayReplacementMode: String, Hashable, Sendable, CaseIterable {
    /// Immediately; unused value buys time on the new plan (the default).
    case withTimeProration
    /// Immediately; the billing date is unchanged.
    case chargeProratedPrice
    /// Immediately; the new price is charged at the next renewal date.
    case withoutProration
    /// Immediately; the full new price is charged now.
    case chargeFullPrice
    /// At the old plan's renewal date; a new token is issued at once (§7 "Handle deferred replacement").
    case deferred

    /// Whether the new plan takes effect at once.
    public var isImmediate: Bool { self != .deferred }
}

/// Why a purchase is voided (§8).
public enum PlayVoidCause: String, Hashable, Sendable, CaseIterable {
    /// A refund with revoke (`orders.refund(revoke: true)`, a user refund request).
    case refund
    /// A chargeback.
    case chargeback
    /// A revocation (`subscriptionsv2.revoke`, a developer or Google cancel).
    case revoke
    /// A refund without revoke: not voided, entitlement unchanged (§8).
    case refundWithoutRevoke
    /// Google's automatic refund of a purchase not acknowledged in time (§4); never an event, only a result.
    case unacknowledged

    /// Whether the cause removes access.
    public var revokes: Bool { self != .refundWithoutRevoke }
}
