/// One named on/off switch of the simulated store, for files, generation and reports.
public struct VariationSwitch: Sendable {
    /// The switch's name as history files and reports spell it.
    public let name: String
    /// The semantics-contract section and evidence behind it.
    public let source: String
    /// Reads the switch.
    public let get: @Sendable (StoreVariations) -> Bool
    /// Sets the switch.
    public let set: @Sendable (inout StoreVariations, Bool) -> Void
}

extension StoreVariations {
    /// Every boolean switch, in a fixed order (defaults are `StoreVariations()`'s values).
    public static let switches: [VariationSwitch] = [
        s("upgradedTransactionInCurrentEntitlements", "§3.1, §18.1 [OBS]", \.upgradedTransactionInCurrentEntitlements),
        s("upgradedTransactionRevoked", "§8, §18.1 [ARCH/OBS]", \.upgradedTransactionRevoked),
        s("upgradeStartsNewOriginalID", "§2, §18.2 [INF]", \.upgradeStartsNewOriginalID),
        s("resubscribeStartsNewOriginalID", "§18.2 [OBS]", \.resubscribeStartsNewOriginalID),
        s("immediateCrossgradeHasNoSubtype", "§8, §18.3 [APPLE-FORUM]", \.immediateCrossgradeHasNoSubtype),
        s("delayedCrossgradeIsDowngrade", "§8, §18.3", \.delayedCrossgradeIsDowngrade),
        s("declinedAskToBuyReportsFailure", "§5.2, §18.4 [OBS]", \.declinedAskToBuyReportsFailure),
        s("billingRetryContinuesAfterRefund", "§18.5 [INF]", \.billingRetryContinuesAfterRefund),
        s("pendingDowngradeSurvivesRefund", "§18.5 [INF]", \.pendingDowngradeSurvivesRefund),
        s("nonRenewingHasExpirationDate", "§2, §18.6 [INF]", \.nonRenewingHasExpirationDate),
        s("refundReversalDelivered", "§9, §18.7 [INF]", \.refundReversalDelivered),
        s("oneTimeChargeNotifications", "§12.1, §18.9 [DOC sandbox only]", \.oneTimeChargeNotifications),
        s("duplicateUpdates", "§3.4, §18.10 [OBS] B5", \.duplicateUpdates),
        s("syncReplaysLatestRenewal", "§3.4 [OBS] B5", \.syncReplaysLatestRenewal),
        s("purchaseAlsoDeliveredAsUpdate", "§3.4 [OBS]", \.purchaseAlsoDeliveredAsUpdate),
        s("currentEntitlementsNewestFirst", "§16 B1 [INF]", \.currentEntitlementsNewestFirst),
        s("sharedStatusFirst", "§11, §16 B1 [DOC]", \.sharedStatusFirst),
        s("graceAppliesToOfferConversion", "§7.2 [DOC]", \.graceAppliesToOfferConversion),
        s("legacyTransactionReceipts", "§9.1 [ARCH]", \.legacyTransactionReceipts),
        s("notificationsDuplicated", "§12.3 [DOC]", \.notificationsDuplicated),
        s("notificationsReordered", "§12.3 [INF]", \.notificationsReordered),
    ]

    /// The name of the one multi-valued switch, `upgradedTransactionDelivery`.
    public static let upgradedTransactionDeliveryName = "upgradedTransactionDelivery"

    private static func s(
        _ name: String, _ source: String, _ keyPath: WritableKeyPath<StoreVariations, Bool> & Sendable
    ) -> VariationSwitch {
        VariationSwitch(
            name: name, source: source, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// The switches that differ from the default store, as `name=value` pairs in switch order.
    public var nonDefaultSettings: [(name: String, value: String)] {
        let defaults = StoreVariations()
        var out: [(name: String, value: String)] = []
        for sw in Self.switches where sw.get(self) != sw.get(defaults) {
            out.append((sw.name, sw.get(self) ? "true" : "false"))
        }
        if upgradedTransactionDelivery != defaults.upgradedTransactionDelivery {
            out.append((Self.upgradedTransactionDeliveryName, upgradedTransactionDelivery.rawValue))
        }
        return out
    }
}
