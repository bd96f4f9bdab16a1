import ConformanceRunner
import PurchaseStateMachine

/// An app with one of the real-world bugs of the semantics file (§16), for the demo, the
/// docs and the tests: each is the reference app changed in one place.
public struct ExampleApp: PurchaseSubject {
    /// The bugs, each a known way purchase code goes wrong.
    public enum Bug: String, CaseIterable, Sendable {
        /// B3: grants are only ever added from deliveries, never recomputed, so a refund is missed.
        case refundIgnored = "refund-ignored"
        /// B18: entitlements are re-filtered by `expirationDate > device clock`, locking out
        /// subscribers in billing grace and trusting a wrong device clock.
        case graceLockout = "grace-lockout"
        /// B5: a consumable is credited every time it is delivered.
        case doubleCredit = "double-credit"
        /// B2: `isUpgraded` is ignored, so both plans of a group are granted.
        case upgradeKeepsBoth = "upgrade-keeps-both"
        /// B14: unverified transactions are granted.
        case unverifiedGranted = "unverified-granted"
        /// B7: the transactions handed over at launch are neither processed nor finished.
        case launchDeliveriesIgnored = "launch-deliveries-ignored"

        /// One line describing the bug.
        public var summary: String {
            switch self {
            case .refundIgnored: return "adds products from deliveries and never recomputes (B3: refunds missed)"
            case .graceLockout: return "re-checks expirationDate against the device clock (B18: grace lockout)"
            case .doubleCredit: return "credits a consumable on every delivery (B5)"
            case .upgradeKeepsBoth: return "ignores isUpgraded and levels (B2: two plans of one group)"
            case .unverifiedGranted: return "grants transactions that failed verification (B14)"
            case .launchDeliveriesIgnored: return "ignores the unfinished transactions handed over at launch (B7)"
            }
        }
    }

    let bug: Bug
    var reference: ReferenceSubject
    var granted: Set<String> = []
    let catalog: Catalog

    /// The app with `bug`, for a new customer.
    public init(bug: Bug, catalog: Catalog, context: SubjectContext) {
        self.bug = bug
        self.catalog = catalog
        reference = ReferenceSubject(catalog: catalog, context: context)
    }

    public init(catalog: Catalog, context: SubjectContext) { self.init(bug: .refundIgnored, catalog: catalog, context: context) }

    /// A factory for the app with `bug`.
    public static func factory(_ bug: Bug) -> SubjectFactory<ExampleApp> {
        { catalog, context in ExampleApp(bug: bug, catalog: catalog, context: context) }
    }

    public mutating func terminate() { granted = [] }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        if bug == .refundIgnored { remember(context.views.currentEntitlements) }
        if bug == .launchDeliveriesIgnored { return [] }
        return unfinished.compactMap { handle($0) }
    }

    public mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    public mutating func restore(context: SubjectContext) -> [UInt64] {
        if bug == .refundIgnored { remember(context.views.currentEntitlements) }
        return []
    }

    mutating func remember(_ deliveries: [Delivery]) {
        for d in deliveries where d.verified && d.transaction.productType != .consumable && d.transaction.revocationDate == nil {
            granted.insert(d.transaction.productID)
        }
    }

    mutating func handle(_ delivery: Delivery) -> UInt64? {
        if bug == .refundIgnored { remember([delivery]) }
        if bug == .doubleCredit, delivery.verified, delivery.transaction.productType == .consumable,
            case .consumable(let grant)? = catalog.product(delivery.transaction.productID)?.kind
        {
            reference.balances[delivery.transaction.productID, default: 0] += grant * delivery.transaction.purchasedQuantity
            return delivery.transaction.id
        }
        if bug == .unverifiedGranted, !delivery.verified {
            return reference.handle(Delivery(transaction: delivery.transaction, verified: true))
        }
        return reference.handle(delivery)
    }

    public func query(context: SubjectContext) -> ObservedState {
        var state = reference.query(context: context)
        switch bug {
        case .refundIgnored:
            let timed = Set(state.entitled)
            state.entitled = Array(granted.filter { id in
                catalog.product(id)?.type != .nonRenewable && catalog.product(id)?.type != .autoRenewable || timed.contains(id)
            }.union(timed)).sorted()
        case .graceLockout:
            state.entitled = state.entitled.filter { id in
                guard catalog.product(id)?.type == .autoRenewable else { return true }
                return context.views.currentEntitlements.contains {
                    $0.transaction.productID == id && ($0.transaction.expirationDate.map { context.deviceNow < $0 } ?? false)
                }
            }
        case .upgradeKeepsBoth, .unverifiedGranted:
            var extra = Set(state.entitled)
            for d in context.views.currentEntitlements where d.transaction.revocationDate == nil {
                if bug == .upgradeKeepsBoth, d.verified, d.transaction.productType == .autoRenewable { extra.insert(d.transaction.productID) }
                if bug == .unverifiedGranted, !d.verified, d.transaction.productType != .consumable { extra.insert(d.transaction.productID) }
            }
            state.entitled = extra.sorted()
        case .doubleCredit, .launchDeliveriesIgnored:
            break
        }
        return state
    }
}
