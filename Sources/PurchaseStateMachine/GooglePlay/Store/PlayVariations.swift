/// The per-history choices where Google's documentation is silent or contradicts itself
/// (play-billing-semantics §13). The first value of each domain is the documented or most
/// reported behaviour; the generator explores the others.
public struct PlayVariations: Hashable, Sendable {
    /// V-LISTENER-DUPLICATES: extra `onPurchasesUpdated` calls per delivery (0…2, §2.1, B7).
    public var listenerDuplicates: Int = 0
    /// V-RTDN-DUPLICATES: redeliveries of each RTDN with the same `messageId` (0…2, §9.4).
    public var notificationDuplicates: Int = 0
    /// V-RTDN-REORDER: the RTDNs of one event arrive in reverse order (§9.4).
    public var notificationsReordered: Bool = false
    /// V-PENDING-RETURNED-BY-QUERY: `queryPurchasesAsync` lists `PENDING` one-time purchases (§2.4).
    public var pendingReturnedByQuery: Bool = true
    /// V-PENDING-BLOCKS-REBUY: buying a product whose purchase is pending gives `ITEM_ALREADY_OWNED` (§3).
    public var pendingBlocksRebuy: Bool = true
    /// V-PENDING-TIMEOUT: days after which an unpaid pending purchase is canceled (1, 2, 3 or 7, §3).
    public var pendingTimeoutDays: Int = 3
    /// V-AUTO-ACK: purchases arrive already acknowledged, as Play Points purchases do (§4).
    public var autoAcknowledge: Bool = false
    /// V-AMBIGUOUS-RESULT: a failed flow still charged; the purchase shows up in the next query (§2.2, B13).
    public var purchaseExistsAfterError: Bool = false
    /// V-GRACE-DAYS: grace period in days, at most the billing period (0, 3, 7, 14 or 30, §6.3).
    public var graceDays: Int = 7
    /// V-HOLD-DAYS: account hold is 60 days minus grace (`false`, since 2025-12-01) or the legacy 30 days (§6.3).
    public var legacyHoldDays: Bool = false
    /// V-PRE-HOLD-RETRY: days of entitled silent retry when grace is 0 (1 or 2, §6.3).
    public var silentRetryDays: Int = 1
    /// V-GRACE-RECOVERY-RTDN: recovery inside grace is sent as `RECOVERED` instead of `RENEWED` (§6.3).
    public var graceRecoverySendsRecovered: Bool = false
    /// V-PREPAID-EXPIRED-STATE: a run-out prepaid plan reads `CANCELED` instead of `EXPIRED` (§6.1).
    public var prepaidRunsOutCanceled: Bool = false
    /// V-OLD-TOKEN-AFTER-REPLACE: the old token of an immediate replacement gets `CANCELED` before `EXPIRED` (§7).
    public var replacedTokenCanceledFirst: Bool = false
    /// V-ACK-LAPSE-SIGNAL: the automatic refund of an unacknowledged subscription sends only the
    /// voided-purchase notification, without `SUBSCRIPTION_REVOKED` (§4).
    public var lapseSendsVoidedOnly: Bool = false
    /// V-OTP-CANCELED-SCOPE: `ONE_TIME_PRODUCT_CANCELED` is also sent when a paid one-time purchase is voided (§9.3).
    public var oneTimeCanceledOnVoid: Bool = false
    /// V-PENDING-CANCEL-NAME: a lapsed pending subscription reads `…_PENDING_PURCHASE_EXPIRED` (§3).
    public var pendingCancelNamedExpired: Bool = false
    /// V-RTDN-SUBSCRIPTIONID: subscription notifications also carry the legacy `subscriptionId` (§9.1).
    public var notificationsCarrySubscriptionID: Bool = false
    /// V-RENEWAL-ON-LISTENER: renewals are pushed to `onPurchasesUpdated` while connected (§6.2).
    public var renewalOnListener: Bool = false
    /// V-REACK: acknowledging an already acknowledged purchase answers `OK` and changes nothing,
    /// instead of `ERROR` (§4, B12).
    public var reacknowledgeSucceeds: Bool = false
    /// V-DEFERRED-STARTTIME: the new token of a `DEFERRED` replacement shows `startTime` only from
    /// when the replacement takes effect, instead of from its purchase (§7).
    public var deferredStartsAtReplacement: Bool = false
    /// V-REFUNDED-AS-PENDING: the client still lists a refunded-and-revoked one-time purchase, as
    /// `PENDING`; the server view is unchanged (§8).
    public var refundedReportedPending: Bool = false
    /// V-INCLUDE-SUSPENDED: `queryPurchasesAsync` also lists subscriptions on hold or paused, marked
    /// `isSuspended` (Play Billing Library 8.1 with `includeSuspendedSubscriptions`, §2.3, §2.4).
    public var includeSuspended: Bool = false
    /// V-OLD-TOKEN-VISIBLE: the token an immediate replacement retired stays in `queryPurchasesAsync`
    /// answers, as the `PURCHASED` subscription it was, until its original `expiryTime` (§7).
    public var replacedTokenStillListed: Bool = false
    /// V-OLD-TOKEN-API-VALID: `subscriptionsv2` still reads the token an immediate replacement
    /// retired as `ACTIVE` until its original `expiryTime`, as the legacy API did (§7).
    public var replacedTokenReadsActive: Bool = false
    /// V-REFUND-REVIEW: a customer's refund request first sends a refund-review notification,
    /// which changes no state (`pendingRefundReviewNotification`, §8).
    public var refundReviewNotified: Bool = false
    /// V-CLIENT-CACHE-LAG: events during which `queryPurchasesAsync`, read from the Play Store app's
    /// cache, still shows what was true before them: refunded, expired or replaced items stay
    /// listed and new ones are missing (0, 1 or 3, §2.4).
    public var clientCacheLag: Int = 0
    /// V-RTDN-DELAY: events an RTDN waits before it reaches the backend (0, 1 or 3; an endpoint
    /// outage or a slow push, §9.4 [INF]); the listener and the Developer API never wait.
    public var notificationDelay: Int = 0
    /// V-RTDN-LOSS: `dropAfterRetention` instead of `lossless`: an RTDN still waiting for delivery
    /// more than Pub/Sub's retention (seven days of Google's clock) after it was sent is lost (§9.4 [INF]).
    public var notificationsLostAfterRetention: Bool = false
    /// V-INSTALLMENTS: the store offers installment plans (scope switch `off | on`, §1); off, the
    /// catalog's installment plans cannot be bought or switched to.
    public var installmentsOffered: Bool = false
    /// V-ADDONS: a subscription purchase may carry an add-on item, a base plan of another
    /// subscription, in the same token (scope switch `off | on`, §1).
    public var addOnsOffered: Bool = false
    /// V-REPLY-TRANSIENT: the first acknowledgement or consumption naming each token answers this
    /// transient `BillingResponseCode` (2 `SERVICE_UNAVAILABLE`, -1 `SERVICE_DISCONNECTED`,
    /// 12 `NETWORK_ERROR`) and changes nothing, and a retry goes through; 0: every call is answered
    /// on its merits (§2.2, §5 "consume calls can fail").
    public var transientReplyError: Int = 0
    /// V-ACK-DEADLINE-TEST: minutes a license tester has to acknowledge (3 or 5; Google's testing
    /// page says both, §4, §11); only a license-testing catalog uses it.
    public var testerAckDeadlineMinutes: Int = 3

    /// The documented or most-reported behaviour everywhere.
    public init() {}

    /// The grace period of a plan with `period`, clamped to the period (§6.3 "Durations").
    public func grace(for period: ISODuration) -> ISODuration {
        let days = min(graceDays, Int(period.approximateSeconds / 86_400))
        return .days(max(0, days))
    }

    /// The account hold after a grace of `grace` days (§6.3: grace + hold within 30…60 days).
    public func holdDays(afterGrace grace: Int) -> Int {
        legacyHoldDays ? 30 : 60 - grace
    }
}
