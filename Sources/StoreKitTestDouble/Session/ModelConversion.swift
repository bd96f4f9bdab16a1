import Foundation
import PurchaseStateMachine

/// Turns the model's values into the StoreKit mirror's.
enum ModelConversion {
    static func date(_ instant: Instant) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instant.secondsSinceEpoch))
    }

    static func productType(_ type: PurchaseStateMachine.ProductType) -> Product.ProductType {
        switch type {
        case .consumable: return .consumable
        case .nonConsumable: return .nonConsumable
        case .nonRenewable: return .nonRenewable
        case .autoRenewable: return .autoRenewable
        }
    }

    static func transaction(
        _ tx: PurchaseStateMachine.Transaction, price: Decimal? = nil, currency: Locale.Currency? = nil
    ) -> Transaction {
        Transaction(
            id: tx.id, originalID: tx.originalID, productID: tx.productID, productType: productType(tx.productType),
            purchaseDate: date(tx.purchaseDate), originalPurchaseDate: date(tx.originalPurchaseDate),
            expirationDate: tx.expirationDate.map(date), revocationDate: tx.revocationDate.map(date),
            revocationReason: tx.revocationReason.map { $0 == .developerIssue ? .developerIssue : .other },
            isUpgraded: tx.isUpgraded, ownershipType: tx.ownershipType == .familyShared ? .familyShared : .purchased,
            offerType: tx.offerType.map(offerType),
            appAccountToken: tx.appAccountToken.flatMap { UUID(uuidString: $0) },
            subscriptionGroupID: tx.subscriptionGroupID, purchasedQuantity: tx.purchasedQuantity,
            reason: tx.reason == .renewal ? .renewal : .purchase, signedDate: date(tx.signedDate),
            price: price.map { $0 * Decimal(tx.purchasedQuantity) }, currency: currency)
    }

    static func offerType(_ type: PurchaseStateMachine.OfferType) -> Transaction.OfferType {
        switch type {
        case .introductory: return .introductory
        case .promotional: return .promotional
        case .code: return .code
        case .winBack: return .winBack
        }
    }

    /// A delivery as `VerificationResult`; a failed verification reports `invalidSignature`.
    static func verification(
        _ delivery: Delivery, price: Decimal? = nil, currency: Locale.Currency? = nil
    ) -> VerificationResult<Transaction> {
        let tx = transaction(delivery.transaction, price: price, currency: currency)
        return delivery.verified ? .verified(tx) : .unverified(tx, .invalidSignature)
    }

    static func renewalState(_ state: PurchaseStateMachine.RenewalState) -> RenewalState {
        switch state {
        case .subscribed: return .subscribed
        case .expired: return .expired
        case .inBillingRetryPeriod: return .inBillingRetryPeriod
        case .inGracePeriod: return .inGracePeriod
        case .revoked: return .revoked
        }
    }

    static func expirationReason(_ reason: PurchaseStateMachine.ExpirationReason) -> RenewalInfo.ExpirationReason {
        switch reason {
        case .autoRenewDisabled: return .autoRenewDisabled
        case .billingError: return .billingError
        case .didNotConsentToPriceIncrease: return .didNotConsentToPriceIncrease
        case .productUnavailable: return .productUnavailable
        case .unknown: return .unknown
        }
    }

    /// The billing period closest to `duration` in StoreKit's units.
    static func period(_ duration: ISODuration) -> Product.SubscriptionPeriod {
        if duration.years > 0, duration.months == 0 { return .init(value: duration.years, unit: .year) }
        if duration.totalMonths > 0 { return .init(value: duration.totalMonths, unit: .month) }
        let days = duration.weeks * 7 + duration.days
        if days > 0, days % 7 == 0 { return .init(value: days / 7, unit: .week) }
        return .init(value: max(1, days), unit: .day)
    }
}
