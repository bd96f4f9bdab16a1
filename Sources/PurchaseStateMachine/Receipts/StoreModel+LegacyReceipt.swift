extension StoreModel {
    /// §9.1 [ARCH]: the customer's receipt as the legacy `verifyReceipt` endpoint answers it.
    ///
    /// `latest_receipt_info` lists every transaction except finished consumables, oldest
    /// purchase first, with the legacy string fields (`product_id`, `transaction_id`,
    /// `original_transaction_id`, `purchase_date_ms`, `expires_date_ms`, `cancellation_date_ms`,
    /// `is_upgraded`, `quantity`). An upgraded-from plan carries `cancellation_date_ms` = the
    /// upgrade time, as receipts did (§16 B12). `pending_renewal_info` has one entry per
    /// subscription group. `status` is 0 for an iOS 7 app receipt; with the store variation
    /// `legacyTransactionReceipts` (iOS 6 style) it is 21006 once the customer's subscriptions
    /// have all lapsed, with `latest_expired_receipt_info` holding the last expired period.
    public func legacyReceipt() -> JSONValue {
        var items: [(Instant, UInt64, JSONValue)] = []
        var latestExpired: (Instant, JSONValue)?
        for record in state.records where record.transaction.ownershipType == .purchased {
            let tx = record.transaction
            if tx.productType == .consumable, record.finished, !record.isRevoked { continue }
            var m: [(key: String, value: JSONValue)] = [
                ("product_id", .string(tx.productID)), ("transaction_id", .string(String(tx.id))),
                ("original_transaction_id", .string(String(tx.originalID))),
                ("purchase_date_ms", .string(Self.milliseconds(tx.purchaseDate))),
                ("original_purchase_date_ms", .string(Self.milliseconds(tx.originalPurchaseDate))),
                ("quantity", .string(String(tx.purchasedQuantity))),
            ]
            if let expiration = tx.expirationDate, tx.productType == .autoRenewable {
                m.append(("expires_date_ms", .string(Self.milliseconds(expiration))))
                if latestExpired.map({ expiration > $0.0 }) ?? true, expiration <= state.now {
                    latestExpired = (expiration, .object(m))
                }
            }
            if let revoked = tx.revocationDate {
                m.append(("cancellation_date_ms", .string(Self.milliseconds(revoked))))
                m.append(("cancellation_reason", .string(tx.revocationReason == .developerIssue ? "1" : "0")))
            } else if tx.isUpgraded {
                m.append(("cancellation_date_ms", .string(Self.milliseconds(tx.signedDate))))
            }
            if tx.isUpgraded { m.append(("is_upgraded", "true")) }
            if tx.offerType == .introductory { m.append(("is_trial_period", "true")) }
            items.append((tx.purchaseDate, tx.id, .object(m)))
        }
        items.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var pending: [JSONValue] = []
        var anyActive = false
        var anySubscription = false
        for (g, group) in state.groups.enumerated() {
            guard let line = group.own else { continue }
            anySubscription = true
            if line.isActive { anyActive = true }
            var m: [(key: String, value: JSONValue)] = [
                ("original_transaction_id", .string(String(line.originalID))),
                ("product_id", .string(catalog.products[line.currentProduct].id)),
                ("auto_renew_status", .string(line.willAutoRenew ? "1" : "0")),
                ("subscription_group_identifier", .string(catalog.groups[g])),
            ]
            if let preference = line.autoRenewPreference { m.append(("auto_renew_product_id", .string(catalog.products[preference].id))) }
            if line.state == .inGracePeriod || line.state == .inBillingRetryPeriod { m.append(("is_in_billing_retry_period", "1")) }
            if let grace = line.graceEnd, line.state == .inGracePeriod {
                m.append(("grace_period_expires_date_ms", .string(Self.milliseconds(grace))))
            }
            if let reason = line.expirationReason, line.state == .expired {
                m.append(("expiration_intent", .string(reason == .autoRenewDisabled ? "1" : reason == .billingError ? "2" : "5")))
            }
            pending.append(.object(m))
        }
        let expiredStyle = settings.variations.legacyTransactionReceipts && anySubscription && !anyActive
        var receipt: [(key: String, value: JSONValue)] = [
            ("status", .int(expiredStyle ? 21006 : 0)), ("environment", "Production"),
            ("latest_receipt_info", .array(items.map(\.2))), ("pending_renewal_info", .array(pending)),
        ]
        if expiredStyle, let expired = latestExpired { receipt.append(("latest_expired_receipt_info", expired.1)) }
        return .object(receipt)
    }

    /// Milliseconds since the epoch, as the legacy receipt fields spell dates.
    /// Instants are within `Instant.latestRepresentable` (2^50 s), so the product fits in `Int64`.
    static func milliseconds(_ instant: Instant) -> String {
        let (ms, overflow) = instant.secondsSinceEpoch.multipliedReportingOverflow(by: 1000)
        return overflow ? (instant.secondsSinceEpoch < 0 ? String(Int64.min) : String(Int64.max)) : String(ms)
    }
}
