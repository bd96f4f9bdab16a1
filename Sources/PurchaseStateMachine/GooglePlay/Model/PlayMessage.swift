/// What Google Play delivers to the subject while an event happens (play-billing-semantics §2, §9).
public enum PlayMessage: Hashable, Sendable {
    /// `PurchasesUpdatedListener.onPurchasesUpdated(result, purchases)`, only while connected (§2.1).
    case purchasesUpdated(PlayBillingResult, [PlayPurchase])
    /// The billing connection came up and `queryPurchasesAsync` answered `purchases` (§2.1, §2.4).
    case connected(PlayConnectReason, [PlayPurchase])
    /// The app process is terminated (a `connected(.launch, …)` follows).
    case terminated
    /// A real-time developer notification, for subjects with a backend (§9).
    case notification(PlayNotification)
}

/// Why the app connected and queried.
public enum PlayConnectReason: String, Hashable, Sendable {
    /// A fresh process (`start` or `relaunch`).
    case launch
    /// Back in the foreground (`onResume`).
    case resume
}

/// The `BillingResponseCode` of a purchase flow (§2.2).
public enum PlayBillingResult: String, Hashable, Sendable, CaseIterable {
    /// `BillingResponseCode.OK` (§2.2).
    case ok = "OK"
    /// `BillingResponseCode.USER_CANCELED` (§2.2).
    case userCanceled = "USER_CANCELED"
    /// `BillingResponseCode.ITEM_ALREADY_OWNED` (§2.2).
    case itemAlreadyOwned = "ITEM_ALREADY_OWNED"
    /// `BillingResponseCode.ERROR` (§2.2).
    case error = "ERROR"
    /// `BillingResponseCode.NETWORK_ERROR`: may hide a completed purchase (V-AMBIGUOUS-RESULT, §2.2).
    case networkError = "NETWORK_ERROR"
    /// `BillingResponseCode.SERVICE_DISCONNECTED`: no connection to the Play Store service (V-AMBIGUOUS-RESULT, §2.2).
    case serviceDisconnected = "SERVICE_DISCONNECTED"
    /// `BillingResponseCode.SERVICE_UNAVAILABLE`: the service is unavailable for now (§2.2).
    case serviceUnavailable = "SERVICE_UNAVAILABLE"
    /// `BillingResponseCode.BILLING_UNAVAILABLE`: billing is not available to this customer (§2.2).
    case billingUnavailable = "BILLING_UNAVAILABLE"
    /// `BillingResponseCode.ITEM_UNAVAILABLE`: the product is not available for purchase (§2.2).
    case itemUnavailable = "ITEM_UNAVAILABLE"
}

/// A `Purchase` as the Play Billing Library hands it to the app (§2.3); it carries no dates of expiry.
public struct PlayPurchase: Hashable, Sendable {
    /// `getPurchaseToken()`.
    public var token: String
    /// `getProducts()`: the one-time product id or the subscription product id.
    public var products: [String]
    /// `getPurchaseState()`: `PURCHASED` or `PENDING`.
    public var state: PlayPurchaseState
    /// `getQuantity()`.
    public var quantity: Int
    /// `isAcknowledged()`.
    public var acknowledged: Bool
    /// `isAutoRenewing()`; false for one-time products and canceled subscriptions.
    public var autoRenewing: Bool
    /// `getOrderId()`, absent while pending.
    public var orderID: String?
    /// `getPurchaseTime()`.
    public var purchaseTime: Instant
    /// The token the app named as `oldPurchaseToken` when it launched this flow (a plan change or
    /// an in-app re-signup, §6.5, §7): what the app itself asked for, not a `Purchase` field.
    public var replacing: String?
    /// `isSuspended()`: a subscription on hold or paused, listed only under V-INCLUDE-SUSPENDED;
    /// it must not entitle (§2.3).
    public var suspended: Bool
    /// Whether `getSignature()` verifies over `getOriginalJson()` with the app's public key; false
    /// only for a purchase Google never made (`forgedPurchase`), which must not entitle (§2.3).
    public var signatureValid: Bool
    /// `getPendingPurchaseUpdate()`: on the old subscription's purchase, the new purchase of a pending
    /// top-up, upgrade or downgrade, until its payment completes or is canceled (§2.3, §3).
    public var pendingUpdate: PlayPendingPurchaseUpdate? = nil

    /// Creates a purchase view.
    public init(
        token: String, products: [String], state: PlayPurchaseState, quantity: Int, acknowledged: Bool,
        autoRenewing: Bool, orderID: String?, purchaseTime: Instant, replacing: String? = nil, suspended: Bool = false,
        signatureValid: Bool = true
    ) {
        self.signatureValid = signatureValid
        self.replacing = replacing
        self.suspended = suspended
        self.token = token
        self.products = products
        self.state = state
        self.quantity = quantity
        self.acknowledged = acknowledged
        self.autoRenewing = autoRenewing
        self.orderID = orderID
        self.purchaseTime = purchaseTime
    }
}

/// A real-time developer notification: a type and a token, never the state (§9.1).
public struct PlayNotification: Hashable, Sendable {
    /// The Pub/Sub `messageId`; a redelivery repeats it (§9.4).
    public var messageID: Int
    /// The notification type.
    public var type: PlayNotificationType
    /// The purchase token (empty for a test notification, which names none).
    public var token: String
    /// The product (`sku` of a one-time notification; the subscription product otherwise; empty for a test notification).
    public var product: String
    /// The legacy `subscriptionId` field, present only under V-RTDN-SUBSCRIPTIONID (§9.1).
    public var subscriptionID: String?
    /// `refundType` of a `VOIDED_PURCHASE` notification: `FULL`, or `PARTIAL` for a quantity-based partial refund (§5, §9.1).
    public var refundType: PlayRefundType? = nil
    /// `productType` of a `VOIDED_PURCHASE` notification: 1 a subscription, 2 a one-time product (§8, §9.1).
    public var productType: Int? = nil
}

/// The RTDN types the model sends (§9.2, §9.3); raw values are the documented names.
public enum PlayNotificationType: String, Hashable, Sendable, CaseIterable {
    /// `SUBSCRIPTION_RECOVERED` (§9.2, §9.3).
    case subscriptionRecovered = "SUBSCRIPTION_RECOVERED"
    /// `SUBSCRIPTION_RENEWED` (§9.2, §9.3).
    case subscriptionRenewed = "SUBSCRIPTION_RENEWED"
    /// `SUBSCRIPTION_CANCELED` (§9.2, §9.3).
    case subscriptionCanceled = "SUBSCRIPTION_CANCELED"
    /// `SUBSCRIPTION_PURCHASED` (§9.2, §9.3).
    case subscriptionPurchased = "SUBSCRIPTION_PURCHASED"
    /// `SUBSCRIPTION_ON_HOLD` (§9.2, §9.3).
    case subscriptionOnHold = "SUBSCRIPTION_ON_HOLD"
    /// `SUBSCRIPTION_IN_GRACE_PERIOD` (§9.2, §9.3).
    case subscriptionInGracePeriod = "SUBSCRIPTION_IN_GRACE_PERIOD"
    /// `SUBSCRIPTION_RESTARTED` (§9.2, §9.3).
    case subscriptionRestarted = "SUBSCRIPTION_RESTARTED"
    /// `SUBSCRIPTION_PAUSED` (§9.2, §9.3).
    case subscriptionPaused = "SUBSCRIPTION_PAUSED"
    /// `SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED` (§9.2, §9.3).
    case subscriptionPauseScheduleChanged = "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED"
    /// `SUBSCRIPTION_REVOKED` (§9.2, §9.3).
    case subscriptionRevoked = "SUBSCRIPTION_REVOKED"
    /// `SUBSCRIPTION_EXPIRED` (§9.2, §9.3).
    case subscriptionExpired = "SUBSCRIPTION_EXPIRED"
    /// `SUBSCRIPTION_DEFERRED`: the developer moved the renewal date (`subscriptionsv2.defer`, §6.5, §9.2).
    case subscriptionDeferred = "SUBSCRIPTION_DEFERRED"
    /// `SUBSCRIPTION_CANCELLATION_SCHEDULED`: an installment plan's cancellation waits for the end of its commitment (§1, §9.2).
    case subscriptionCancellationScheduled = "SUBSCRIPTION_CANCELLATION_SCHEDULED"
    /// `SUBSCRIPTION_PENDING_PURCHASE_CANCELED` (§9.2, §9.3).
    case subscriptionPendingPurchaseCanceled = "SUBSCRIPTION_PENDING_PURCHASE_CANCELED"
    /// `ONE_TIME_PRODUCT_PURCHASED` (§9.2, §9.3).
    case oneTimeProductPurchased = "ONE_TIME_PRODUCT_PURCHASED"
    /// `ONE_TIME_PRODUCT_CANCELED` (§9.2, §9.3).
    case oneTimeProductCanceled = "ONE_TIME_PRODUCT_CANCELED"
    /// A `voidedPurchaseNotification` (§8, §9.3).
    case voidedPurchase = "VOIDED_PURCHASE"
    /// A `pendingRefundReviewNotification`: a refund request is being reviewed; nothing changed (§8, V-REFUND-REVIEW).
    case refundReview = "PENDING_REFUND_REVIEW"
    /// A `testNotification` sent from the Play Console: it names no purchase and a backend must ignore it for entitlement (§9.3).
    case test = "TEST_NOTIFICATION"

    /// The documented `notificationType` number (0 for a voided-purchase, refund-review or test notification, which have none).
    public var number: Int {
        switch self {
        case .subscriptionRecovered: return 1
        case .subscriptionRenewed: return 2
        case .subscriptionCanceled: return 3
        case .subscriptionPurchased: return 4
        case .subscriptionOnHold: return 5
        case .subscriptionInGracePeriod: return 6
        case .subscriptionRestarted: return 7
        case .subscriptionDeferred: return 9
        case .subscriptionPaused: return 10
        case .subscriptionPauseScheduleChanged: return 11
        case .subscriptionRevoked: return 12
        case .subscriptionExpired: return 13
        case .subscriptionCancellationScheduled: return 18
        case .subscriptionPendingPurchaseCanceled: return 20
        case .oneTimeProductPurchased: return 1
        case .oneTimeProductCanceled: return 2
        case .voidedPurchase, .refundReview, .test: return 0
        }
    }
}

/// What one event produced: the messages for the subject and the tokens Google refunded for a
/// missed acknowledgement.
public struct PlayStepEffects: Hashable, Sendable {
    /// Messages, in delivery order.
    public var messages: [PlayMessage] = []
    /// Tokens auto-refunded during the event because nobody acknowledged them in time (§4).
    public var lapsed: [Int] = []
    /// RTDNs dropped during the event after waiting past Pub/Sub's retention (V-RTDN-LOSS, §9.4).
    public var lost: [PlayNotification] = []

    /// No effects yet.
    public init() {}
}
