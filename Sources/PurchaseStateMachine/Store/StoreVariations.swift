/// The switches of the simulated store where Apple's documentation leaves behaviour open.
///
/// Each switch is one [OBS]/[INF] point or open question (section 18) of the semantics
/// contract; the default is the documented or most conservative reading. A correct app
/// must pass under every combination. `docs/Model.md` lists the source of each.
public struct StoreVariations: Hashable, Sendable {
    /// §3.1/§18.1 [OBS]: an upgraded-from transaction still appears in `currentEntitlements`
    /// while its period lasts.
    public var upgradedTransactionInCurrentEntitlements = false
    /// §18.1 [OBS, legacy]: the upgraded-from transaction also gets a `revocationDate`.
    public var upgradedTransactionRevoked = false
    /// §18.1 [INF]: how the upgraded-from transaction (with `isUpgraded`) reaches the app.
    public var upgradedTransactionDelivery: UpgradedTransactionDelivery = .beforePurchaseResult
    /// §18.2 [INF]: an upgrade or immediate crossgrade starts a new `originalID`.
    public var upgradeStartsNewOriginalID = false
    /// §18.2 [OBS]: a resubscription after a lapse starts a new `originalID`.
    public var resubscribeStartsNewOriginalID = false
    /// §18.3 [APPLE-FORUM]: an immediate crossgrade is announced with no subtype (not `UPGRADE`).
    public var immediateCrossgradeHasNoSubtype = false
    /// §18.3: a delayed crossgrade is announced as `DOWNGRADE` (not with no subtype).
    public var delayedCrossgradeIsDowngrade = false
    /// §18.4 [OBS]: when a parent declines Ask to Buy, the app receives a late `failed` purchase result.
    public var declinedAskToBuyReportsFailure = false
    /// §18.5 [INF]: after a refund during grace or billing retry, billing retry goes on and a
    /// later billing fix renews the subscription.
    public var billingRetryContinuesAfterRefund = false
    /// §18.5 [INF]: a pending downgrade stays the renewal preference after a refund.
    public var pendingDowngradeSurvivesRefund = false
    /// §18.6 [INF]: a non-renewing subscription's transaction carries `expirationDate`
    /// (purchase + duration) instead of nil.
    public var nonRenewingHasExpirationDate = false
    /// §18.7 [INF]: a reversed refund reaches the app as an update (otherwise only the views show it).
    public var refundReversalDelivered = true
    /// §18.9: `ONE_TIME_CHARGE` notifications are sent (doc snapshot: sandbox only).
    public var oneTimeChargeNotifications = false
    /// §3.4/§18.10 [OBS] B5: every element of `Transaction.updates` (and every launch
    /// redelivery) arrives twice.
    public var duplicateUpdates = false
    /// §3.4 [OBS] B5: `AppStore.sync()` puts the latest renewal back among the unfinished transactions.
    public var syncReplaysLatestRenewal = false
    /// §3.4 [OBS]: a purchase made in the app is also emitted on `Transaction.updates`.
    public var purchaseAlsoDeliveredAsUpdate = false
    /// B1: `currentEntitlements` lists transactions newest first (otherwise oldest first).
    public var currentEntitlementsNewestFirst = false
    /// B1: a group's statuses list the Family Sharing status before the customer's own.
    public var sharedStatusFirst = false
    /// §7.2 [DOC] App Store Connect option: billing grace also applies when an introductory
    /// offer converts to a paid period (otherwise only to paid renewals).
    public var graceAppliesToOfferConversion = true
    /// §9.1 [ARCH]: the legacy `verifyReceipt` answer is an iOS 6 style transaction receipt
    /// (status 21006 with `latest_expired_receipt_info` once the subscription expired).
    public var legacyTransactionReceipts = false
    /// §12.3 [DOC]: each server notification is sent twice (a retry after a missed answer).
    public var notificationsDuplicated = false
    /// §12.3 [INF]: server notifications of one event arrive in reverse order.
    public var notificationsReordered = false

    /// Creates the default store: every switch at its documented or conservative reading.
    public init() {}
}

/// How the upgraded-from transaction reaches the app after an upgrade or immediate crossgrade.
public enum UpgradedTransactionDelivery: String, Hashable, Sendable, CaseIterable {
    /// Through `Transaction.updates`, before `purchase()` returns.
    case beforePurchaseResult
    /// Through `Transaction.updates`, after `purchase()` returns.
    case afterPurchaseResult
    /// Not at all; only `isUpgraded` in later reads shows it.
    case notDelivered
}
