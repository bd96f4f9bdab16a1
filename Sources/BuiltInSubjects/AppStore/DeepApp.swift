import ConformanceRunner
import PurchaseStateMachine

/// The correct app (`ReferenceSubject`) with one deep mistake: each needs three or more events
/// and most need the store clock in a narrow window, so they measure how well generation reaches
/// time boundaries (issue 11). Run on the standard catalog with the reference profile.
///
/// The app of a mutant that wants server notifications behaves as an app with a server: what it
/// learns from notifications survives relaunches.
public struct DeepApp: PurchaseSubject {
    /// The deep mistakes; `isTimeWindow` says which need the clock inside a narrow window.
    public enum Mutant: String, CaseIterable, Sendable {
        /// Grants a subscription in billing retry up to and including its grace end instant.
        case graceEndInclusive = "grace-end-inclusive"
        /// Times a renewal as purchase date + period, so a recovery late in grace extends access.
        case recoveryReanchored = "recovery-reanchored"
        /// Grants a subscription that expired from billing failure up to and including its retry end.
        case retryEndInclusive = "retry-end-inclusive"
        /// Ends a yearly period 365 days after its start, losing the last day of a leap year.
        case leapYear365 = "leap-year-365"
        /// Believes billing grace is granted once per subscription: no access in a second grace.
        case secondGraceDenied = "second-grace-denied"
        /// Hides a renewed subscription when the device clock reads the first day past its expiry.
        case deviceClockExpiryDay = "device-clock-expiry-day"
        /// Grants an introductory-offer transaction up to and including its expiration instant.
        case introEndInclusive = "intro-end-inclusive"
        /// Keeps granting until the grace end after auto-renew is turned off during grace.
        case graceKeptAfterCancel = "grace-kept-after-cancel"
        /// Never reinstates a non-consumable whose refund was reversed.
        case reversedRefundIgnored = "reversed-refund-ignored"
        /// Remembers family-shared products seen at launch and never forgets them.
        case sharedKeptAfterRelaunch = "shared-kept-after-relaunch"
        /// Restore grants every non-consumable ever bought, refunded ones included.
        case restoreGrantsRefunded = "restore-grants-refunded"
        /// A refund of any transaction of a subscription ends that subscription's access.
        case oldRefundEndsSubscription = "old-refund-ends-subscription"

        /// The mistake in a few words, for `--list-subjects`.
        public var summary: String {
            switch self {
            case .graceEndInclusive: return "grants billing retry up to and including the grace end"
            case .recoveryReanchored: return "times a renewal from its purchase date, so a late recovery in grace extends access"
            case .retryEndInclusive: return "grants a billing-failed subscription up to and including the retry end"
            case .leapYear365: return "ends a yearly period after 365 days"
            case .secondGraceDenied: return "denies access in a second grace period of one subscription"
            case .deviceClockExpiryDay: return "hides a renewal when the device clock reads the day after its expiry"
            case .introEndInclusive: return "grants an introductory offer up to and including its end"
            case .graceKeptAfterCancel: return "keeps access until the grace end after auto-renew is turned off in grace"
            case .reversedRefundIgnored: return "never reinstates a non-consumable whose refund was reversed"
            case .sharedKeptAfterRelaunch: return "never forgets family-shared products seen at launch"
            case .restoreGrantsRefunded: return "restore grants refunded non-consumables"
            case .oldRefundEndsSubscription: return "a refund of an earlier renewal ends the subscription"
            }
        }

        /// Whether the mistake shows only with the clock inside a narrow window.
        public var isTimeWindow: Bool {
            switch self {
            case .graceEndInclusive, .recoveryReanchored, .retryEndInclusive, .leapYear365, .secondGraceDenied,
                .deviceClockExpiryDay, .introEndInclusive:
                return true
            case .graceKeptAfterCancel, .reversedRefundIgnored, .sharedKeptAfterRelaunch, .restoreGrantsRefunded,
                .oldRefundEndsSubscription:
                return false
            }
        }
    }

    let mutant: Mutant
    var reference: ReferenceSubject
    /// Grace ends announced by `DID_FAIL_TO_RENEW`, per original transaction id.
    var graceEnds: [UInt64: Instant] = [:]
    /// Distinct grace ends announced, per original transaction id.
    var graceCounts: [UInt64: Set<Instant>] = [:]
    /// Transactions the app saw revoked, and their original ids.
    var revoked: Set<UInt64> = []
    var revokedOriginals: Set<UInt64> = []
    /// Products the app saw shared at launch, or restored.
    var remembered: Set<String> = []

    /// Creates the app with `mutant`.
    public init(mutant: Mutant, catalog: Catalog, context: SubjectContext) {
        self.mutant = mutant
        self.reference = ReferenceSubject(catalog: catalog, context: context)
    }

    /// A factory for the subject runner.
    public static func factory(_ mutant: Mutant) -> SubjectFactory<DeepApp> {
        { catalog, context in DeepApp(mutant: mutant, catalog: catalog, context: context) }
    }

    public var channels: ServerChannels {
        switch mutant {
        case .graceEndInclusive, .secondGraceDenied, .graceKeptAfterCancel: return .notifications
        default: return []
        }
    }

    public init(catalog: Catalog, context: SubjectContext) {
        self.init(mutant: .graceEndInclusive, catalog: catalog, context: context)
    }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        unfinished.forEach { see($0) }
        if mutant == .sharedKeptAfterRelaunch {
            for d in context.views.currentEntitlements where d.transaction.ownershipType == .familyShared {
                remembered.insert(d.transaction.productID)
            }
        }
        return reference.launch(unfinished: unfinished, context: context)
    }

    public mutating func purchaseResult(
        product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext
    ) -> [UInt64] {
        delivery.map { see($0) }
        return reference.purchaseResult(product: product, result: result, delivery: delivery, context: context)
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        see(delivery)
        return reference.update(delivery, context: context)
    }

    public mutating func restore(context: SubjectContext) throws -> [UInt64] {
        if mutant == .restoreGrantsRefunded {
            for d in context.views.all where d.verified && d.transaction.productType == .nonConsumable {
                remembered.insert(d.transaction.productID)
            }
        }
        return []
    }

    public mutating func notification(_ notification: ServerNotification, context: SubjectContext) {
        guard notification.type == .DID_FAIL_TO_RENEW, let tx = notification.transaction,
            let end = notification.renewalInfo?.gracePeriodExpirationDate
        else { return }
        graceEnds[tx.originalID] = end
        graceCounts[tx.originalID, default: []].insert(end)
    }

    mutating func see(_ delivery: Delivery) {
        guard delivery.transaction.revocationDate != nil, !delivery.transaction.isUpgraded else { return }
        revoked.insert(delivery.transaction.id)
        revokedOriginals.insert(delivery.transaction.originalID)
    }

    public func query(context: SubjectContext) throws -> ObservedState {
        var observed = reference.query(context: context)
        var entitled = Set(observed.entitled)
        adjust(&entitled, context: context)
        observed.entitled = entitled.sorted()
        return observed
    }
}
