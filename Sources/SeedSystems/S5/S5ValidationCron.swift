import ConformanceRunner
import PurchaseStateMachine

/// S5 — the subscription validation cron (a PHP server, 2013), ported rule for rule
/// (`seed-systems.md`, S5) as a server subject that wants midnight ticks with receipts.
///
/// The published rules: every receipt ever validated is stored; a payment is identified by
/// `original_transaction_id` together with `expires_date` (not by `transaction_id`). The app
/// posts each purchase to the server, which validates it and records its period. Once a day a
/// cron job re-validates the payments whose `expires_date` is within a tolerance window (a few
/// days) and records any newer period found in `latest_receipt_info`; the service end is the
/// latest `expires_date` seen. A validation answered with status 21006 and
/// `latest_expired_receipt_info` means the customer cancelled: service continues until that
/// period's `expires_date`, then stops. Access: premium while the server clock is before the
/// recorded service end. Refunds (`cancellation_date`) are not handled.
public struct S5ValidationCron: PurchaseSubject {
    /// How close to its `expires_date` a payment must be for the cron to re-validate it.
    static let tolerance: Int64 = 3 * 86_400

    struct Payment: Hashable {
        var originalID: String
        var expires: Instant
        var product: String
        var purchased: Instant
        var transactionID: UInt64

        /// Purchase order: date, then transaction id.
        var order: (Int64, UInt64) { (purchased.secondsSinceEpoch, transactionID) }
    }

    let fixed: Bool
    /// Persisted: every validated payment, and the service end.
    var payments: [Payment] = []
    var serviceEnd: Instant?
    /// The app side: transactions already posted to the server (a StoreKit 1 queue shows each once).
    var posted: Set<UInt64> = []

    /// A new customer on the server; `fixed` selects the corrected twin.
    public init(fixed: Bool) { self.fixed = fixed }

    public init(catalog: Catalog, context: SubjectContext) { self.init(fixed: false) }

    // Fixed (refunded-never-entitled, grace-period-entitled): the corrected server also takes
    // App Store Server Notifications, the only way a server hears of a refund in time.
    public var channels: ServerChannels { fixed ? [.ticks, .receipts, .notifications] : [.ticks, .receipts] }

    public mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        unfinished.compactMap { record($0) }
    }

    public mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { record($0) }.map { [$0] } ?? []
    }

    public mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        record(delivery).map { [$0] } ?? []
    }

    /// The app posts a new transaction's receipt (a purchase or renewal, as a StoreKit 1 queue
    /// shows them); the server validates it and stores the payment. Changed snapshots of old
    /// transactions (refunds, reversals) never reach a StoreKit 1 queue.
    mutating func record(_ delivery: Delivery) -> UInt64? {
        let tx = delivery.transaction
        if tx.revocationDate == nil, posted.insert(tx.id).inserted, let expires = tx.expirationDate {
            store(Payment(originalID: String(tx.originalID), expires: expires, product: tx.productID, purchased: tx.purchaseDate, transactionID: tx.id))
        }
        return tx.id
    }

    mutating func store(_ payment: Payment) {
        // Fixed (expired-never-entitled): a payment is identified by its transaction, not by
        // original_transaction_id with expires_date (two periods can end at the same moment).
        let known = fixed
            ? payments.contains { $0.transactionID == payment.transactionID && $0.expires == payment.expires }
            : payments.contains { $0.originalID == payment.originalID && $0.expires == payment.expires }
        guard !known else { return }
        payments.append(payment)
        serviceEnd = max(serviceEnd ?? payment.expires, payment.expires)
    }

    /// The daily cron job.
    public mutating func tick(receipt: JSONValue?, context: SubjectContext) {
        guard let receipt else { return }
        let now = context.serverNow
        let due = payments.filter { abs(now.seconds(to: $0.expires)) <= Self.tolerance }
        guard !due.isEmpty else { return }
        if receipt["status"] == .int(21006), let expired = receipt["latest_expired_receipt_info"],
            case .string(let ms)? = expired["expires_date_ms"], let millis = Int64(ms)
        {
            serviceEnd = Instant(secondsSinceEpoch: millis / 1000)
            return
        }
        guard case .array(let items)? = receipt["latest_receipt_info"] else { return }
        for payment in due {
            for item in items where item["original_transaction_id"] == .string(payment.originalID) {
                // Fixed (expired-never-entitled): a refunded period found by the cron is not service.
                if fixed, item["cancellation_date_ms"] != nil { continue }
                guard case .string(let ms)? = item["expires_date_ms"], let millis = Int64(ms),
                    case .string(let product)? = item["product_id"], case .string(let pms)? = item["purchase_date_ms"],
                    let purchaseMillis = Int64(pms), case .string(let tid)? = item["transaction_id"], let transactionID = UInt64(tid)
                else { continue }
                let expires = Instant(secondsSinceEpoch: millis / 1000)
                let purchased = Instant(secondsSinceEpoch: purchaseMillis / 1000)
                // Fixed (expired-never-entitled): a newer period is a later purchase, not merely a
                // later end (a reinstated old period does not renew the current one).
                let order = (purchased.secondsSinceEpoch, transactionID)
                if fixed, let newest = payments.map(\.order).max(by: <), order < newest { continue }
                if expires > payment.expires {
                    store(
                        Payment(
                            originalID: payment.originalID, expires: expires, product: product, purchased: purchased,
                            transactionID: transactionID))
                }
            }
        }
    }

    /// Fixed twin: a notification is a cue to re-fetch the customer's status (§12.3: no ordering
    /// promise, duplicates, stale retries), never a status to apply in arrival order. The
    /// current period is the group's latest purchase in a fresh receipt: refunded, it ends the
    /// service now; otherwise the service runs to its end, or to the grace end in billing grace.
    public mutating func notification(_ notification: ServerNotification, context: SubjectContext) {
        guard fixed else { return }
        let receipt = context.views.legacyReceipt
        guard case .array(let items)? = receipt["latest_receipt_info"] else { return }
        var latest: (order: (Int64, UInt64), item: JSONValue)?
        for item in items where item["is_upgraded"] == nil {
            guard case .string(let pms)? = item["purchase_date_ms"], let purchase = Int64(pms),
                case .string(let tid)? = item["transaction_id"], let id = UInt64(tid), item["expires_date_ms"] != nil
            else { continue }
            if latest.map({ (purchase, id) > $0.order }) ?? true { latest = ((purchase, id), item) }
        }
        guard let current = latest?.item, case .string(let ms)? = current["expires_date_ms"], let millis = Int64(ms),
            case .string(let product)? = current["product_id"], case .string(let original)? = current["original_transaction_id"]
        else { return }
        var end = Instant(secondsSinceEpoch: millis / 1000)
        if current["cancellation_date_ms"] != nil { end = context.serverNow }
        if case .array(let pending)? = receipt["pending_renewal_info"] {
            for entry in pending {
                if case .string(let grace)? = entry["grace_period_expires_date_ms"], let g = Int64(grace) {
                    end = max(end, Instant(secondsSinceEpoch: g / 1000))
                }
            }
        }
        payments.removeAll { $0.originalID == original && $0.expires > end }
        store(Payment(originalID: original, expires: end, product: product, purchased: Instant(secondsSinceEpoch: (latest?.order.0 ?? 0) / 1000), transactionID: latest?.order.1 ?? 0))
        serviceEnd = end
    }

    public func query(context: SubjectContext) -> ObservedState {
        // Fixed (expired-never-entitled, found by boundary-aimed time, issue 11): two payments can
        // end at the same instant (a 28-day grace end and a one-month period from a February
        // renewal date); the later purchase is the current one, not whichever was stored first.
        let current = fixed
            ? payments.max { ($0.expires, $0.order.0, $0.order.1) < ($1.expires, $1.order.0, $1.order.1) }
            : payments.max(by: { $0.expires < $1.expires })
        guard let end = serviceEnd, context.serverNow < end, let product = current?.product else {
            return ObservedState(entitled: [])
        }
        return ObservedState(entitled: [product])
    }
}
