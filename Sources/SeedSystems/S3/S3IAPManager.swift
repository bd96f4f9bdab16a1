import ConformanceRunner
import PurchaseStateMachine

/// S3 — "IAPManager" (auto-renewable subscriptions with receipts, 2019): StoreKit 1 with
/// server receipt validation, ported rule for rule (`seed-systems.md`, S3).
///
/// The published rules: the payment-queue observer finishes a `purchased` transaction first
/// and then refreshes the subscription status; `failed` is finished and reported;
/// `deferred`/`purchasing` do nothing; restoring finishes each restored transaction and
/// refreshes. A refresh sends the receipt to `verifyReceipt` and, for each item of
/// `latest_receipt_info` in the order listed, stores its `expires_date` per product id *if
/// that date has not yet passed*; `cancellation_date` is never read. A product is active while
/// its stored date is after the device's current date. Refresh at launch and after
/// purchase/restore. Revocations never reach a StoreKit 1 observer, so their updates are
/// acknowledged (finished) without any other effect.
///
/// `fixed` is the corrected twin: it changes only what the suite proved wrong (see the
/// comments naming each check).
public struct S3IAPManager: PurchaseSubject {
    let catalog: Catalog
    let fixed: Bool
    /// Persisted (UserDefaults in the original): the stored expiry per product id.
    var storedExpiry: [String: Instant] = [:]

    /// A new customer; `fixed` selects the corrected twin.
    public init(catalog: Catalog, fixed: Bool) {
        self.catalog = catalog
        self.fixed = fixed
    }

    public init(catalog: Catalog, context: SubjectContext) { self.init(catalog: catalog, fixed: false) }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        // The observer sees the queue's leftover transactions: each is finished.
        let finished = unfinished.map(\.transaction.id)
        refresh(context)
        return finished
    }

    public mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        switch result {
        case .success:
            // `purchased`: finish the transaction first, then refresh the status.
            let finished = delivery.map { [$0.transaction.id] } ?? []
            refresh(context)
            return finished
        case .failed, .userCancelled:
            return []  // `failed`: finished (nothing left in the queue) and reported.
        case .pending:
            return []  // `deferred`: nothing.
        }
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        if delivery.transaction.revocationDate == nil {
            refresh(context)  // a renewal arrives as `purchased`: finish, then refresh.
        }
        return [delivery.transaction.id]
    }

    public mutating func restore(context: SubjectContext) -> [UInt64] {
        refresh(context)  // each restored transaction is finished and triggers a refresh.
        return []
    }

    /// Sends the receipt to `verifyReceipt` and stores the expiry dates that have not passed.
    mutating func refresh(_ context: SubjectContext) {
        let receipt = context.views.legacyReceipt
        guard case .array(let items)? = receipt["latest_receipt_info"] else { return }
        for item in items {
            guard case .string(let product)? = item["product_id"], case .string(let ms)? = item["expires_date_ms"],
                let millis = Int64(ms)
            else { continue }
            let expires = Instant(secondsSinceEpoch: millis / 1000)
            if expires > context.deviceNow { storedExpiry[product] = expires }
        }
    }

    public func query(context: SubjectContext) -> ObservedState {
        if fixed {
            // Fixed (refunded-never-entitled): StoreKit 1 never reports a refund to the app,
            // so access is decided from a fresh receipt each time it is checked.
            return ObservedState(entitled: Self.activeFromReceipt(context.views.legacyReceipt, now: context.serverNow, catalog: catalog))
        }
        var active: [String] = []
        for (product, expires) in storedExpiry where expires > context.deviceNow { active.append(product) }
        return ObservedState(entitled: active.sorted())
    }

    /// The corrected decision: per subscription group, the latest purchase decides.
    ///
    /// Fixed (clock-skew-safe): time is the server's. Fixed (refunded-never-entitled): a
    /// `cancellation_date` ends access. Fixed (one-level-per-group, expired-never-entitled):
    /// an upgraded-from plan (`is_upgraded`) and superseded periods never grant — only the
    /// group's latest purchase counts. Fixed (grace-period-entitled): service continues until
    /// `grace_period_expires_date` while the renewal is in billing grace.
    static func activeFromReceipt(_ receipt: JSONValue, now: Instant, catalog: Catalog) -> [String] {
        guard case .array(let items)? = receipt["latest_receipt_info"] else { return [] }
        var latest: [String: (purchase: Int64, item: JSONValue)] = [:]
        for item in items where item["is_upgraded"] == nil {
            guard case .string(let product)? = item["product_id"], let group = catalog.product(product)?.subscription?.group,
                case .string(let ms)? = item["purchase_date_ms"], let purchase = Int64(ms)
            else { continue }
            if purchase >= latest[group]?.purchase ?? Int64.min { latest[group] = (purchase, item) }
        }
        var graceEnd: [String: Instant] = [:]
        if case .array(let pending)? = receipt["pending_renewal_info"] {
            for entry in pending {
                guard case .string(let group)? = entry["subscription_group_identifier"],
                    case .string(let ms)? = entry["grace_period_expires_date_ms"], let millis = Int64(ms)
                else { continue }
                graceEnd[group] = Instant(secondsSinceEpoch: millis / 1000)
            }
        }
        var active: [String] = []
        for group in latest.keys.sorted() {
            guard let item = latest[group]?.item, item["cancellation_date_ms"] == nil,
                case .string(let product)? = item["product_id"], case .string(let ms)? = item["expires_date_ms"],
                let millis = Int64(ms)
            else { continue }
            let expires = Instant(secondsSinceEpoch: millis / 1000)
            if expires > now || (graceEnd[group].map { $0 > now } ?? false) { active.append(product) }
        }
        return active.sorted()
    }
}

/// Keeps, per subscription group, only the products at the group's highest level among `products`.
func highestLevelPerGroup(_ products: [String], catalog: Catalog) -> [String] {
    var best: [String: Int] = [:]
    for id in products {
        if let sub = catalog.product(id)?.subscription { best[sub.group] = min(best[sub.group] ?? Int.max, sub.level) }
    }
    return products.filter { id in
        guard let sub = catalog.product(id)?.subscription else { return true }
        return best[sub.group] == sub.level
    }
}
