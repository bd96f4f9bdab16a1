import ConformanceRunner
import Foundation
import PurchaseStateMachine

extension StoreSession {
    /// A delivery as the app sees it, with the product's price and currency.
    func verification(_ delivery: Delivery) -> VerificationResult<Transaction> {
        let product = products[delivery.transaction.productID]
        return ModelConversion.verification(
            delivery, price: product?.price, currency: product.map { Locale.Currency($0.priceFormatStyle.currencyCode) })
    }

    /// The statuses of a subscription group now: empty if the customer never subscribed.
    func statuses(of group: String) -> [Product.SubscriptionInfo.Status] {
        guard isAlive, let entry = context.views.statuses.first(where: { $0.group == group }) else { return [] }
        return statuses(entry, all: context.views.all)
    }

    /// Every group's statuses now, in the catalog's group order.
    func allStatuses() -> [(groupID: String, statuses: [Product.SubscriptionInfo.Status])] {
        guard isAlive else { return [] }
        let all = context.views.all
        return context.views.statuses.map { ($0.group, statuses($0, all: all)) }
    }

    private func statuses(_ entry: GroupStatuses, all: [Delivery]) -> [Product.SubscriptionInfo.Status] {
        entry.statuses.compactMap { status in
            guard let delivery = all.last(where: { $0.transaction.id == status.transactionID }) else { return nil }
            let tx = delivery.transaction
            let info = status.renewalInfo
            let product = products[tx.productID]
            let renewal = RenewalInfo(
                originalTransactionID: tx.originalID, currentProductID: tx.productID, willAutoRenew: info.willAutoRenew,
                autoRenewPreference: info.autoRenewPreference,
                expirationReason: info.expirationReason.map(ModelConversion.expirationReason),
                isInBillingRetry: info.isInBillingRetry,
                gracePeriodExpirationDate: info.gracePeriodExpirationDate.map(ModelConversion.date),
                signedDate: ModelConversion.date(context.serverNow),
                recentSubscriptionStartDate: ModelConversion.date(Self.recentStart(of: tx, in: all)),
                renewalDate: tx.expirationDate.map(ModelConversion.date),
                renewalPrice: product?.price,
                currency: product.map { Locale.Currency($0.priceFormatStyle.currencyCode) },
                appAccountToken: tx.appAccountToken.flatMap { UUID(uuidString: $0) })
            return Product.SubscriptionInfo.Status(
                state: ModelConversion.renewalState(status.state),
                renewalInfo: delivery.verified ? .verified(renewal) : .unverified(renewal, .invalidSignature),
                transaction: verification(delivery))
        }
    }

    /// The start of the latest run of periods without a gap longer than 60 days (StoreKit's
    /// `recentSubscriptionStartDate`).
    static func recentStart(of latest: PurchaseStateMachine.Transaction, in all: [Delivery]) -> Instant {
        let periods = all.map(\.transaction).filter { $0.originalID == latest.originalID && $0.revocationDate == nil }
            .sorted { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
        var start = latest.purchaseDate
        var previousEnd: Instant?
        for period in periods {
            if let end = previousEnd, end.seconds(to: period.purchaseDate) > 60 * 86_400 { start = period.purchaseDate }
            if previousEnd == nil { start = period.purchaseDate }
            previousEnd = max(previousEnd ?? period.purchaseDate, period.expirationDate ?? period.purchaseDate)
            if period.id == latest.id { break }
        }
        return start
    }

    // MARK: Status.updates

    /// What the app sees changed: publishes status changes and wakes the entitlement tasks.
    func storeChanged() {
        publishStatusChanges()
        if !changeChannels.isEmpty { changeChannels.push(0) }
    }

    /// A channel that receives an element whenever what the app sees changes.
    func changes() -> UpdatesChannel<Int> {
        let channel = UpdatesChannel<Int>()
        if isAlive { changeChannels.add(channel) } else { channel.end() }
        return channel
    }

    /// Starts an iteration of `Product.SubscriptionInfo.Status.updates`.
    func register(_ channel: UpdatesChannel<Product.SubscriptionInfo.Status>) {
        guard isAlive else { return channel.end() }
        if publishedStatuses == nil { publishedStatuses = context.views.statuses }
        statusChannels.add(channel)
    }

    /// Emits, on every iteration of `Status.updates`, the statuses of each group whose renewal
    /// state, renewal information, latest transaction or Family Sharing changed since the
    /// last emission — in the catalog's group order. Costs nothing while nobody listens.
    func publishStatusChanges() {
        guard isAlive, !statusChannels.isEmpty else {
            publishedStatuses = nil
            return
        }
        let now = context.views.statuses
        let before = publishedStatuses ?? []
        publishedStatuses = now
        let all = context.views.all
        for entry in now where before.first(where: { $0.group == entry.group }) != entry {
            for status in statuses(entry, all: all) { statusChannels.push(status) }
        }
    }
}
