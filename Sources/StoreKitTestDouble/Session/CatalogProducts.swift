import Foundation
import PurchaseStateMachine
import Synchronization

/// The products `Product.products(for:)` returns, made from the history's catalog.
enum CatalogProducts {
    /// Products already made, per catalog (a campaign runs thousands of histories on one).
    private static let cache = Mutex<[Catalog: [String: Product]]>([:])

    /// Every product of `catalog`, keyed by id.
    static func products(of catalog: Catalog) -> [String: Product] {
        if let cached = cache.withLock({ $0[catalog] }) { return cached }
        var products: [String: Product] = [:]
        for item in catalog.products { products[item.id] = product(item) }
        cache.withLock { cache in
            if cache.count > 64 { cache.removeAll() }
            cache[catalog] = products
        }
        return products
    }

    static func product(_ item: PurchaseStateMachine.Product) -> Product {
        let price = item.displayPrice.flatMap(parsePrice) ?? defaultPrice(item.type)
        let displayPrice = item.displayPrice ?? "$\(price)"
        var subscription: Product.SubscriptionInfo?
        if let sub = item.subscription {
            let offer = sub.introductoryOffer.map { offer in
                Product.SubscriptionOffer(
                    id: nil, type: .introductory, price: offer.mode == .freeTrial ? 0 : price,
                    displayPrice: offer.mode == .freeTrial ? "Free" : displayPrice,
                    period: ModelConversion.period(offer.duration), periodCount: offer.periods,
                    paymentMode: offer.mode == .freeTrial
                        ? .freeTrial : offer.mode == .payAsYouGo ? .payAsYouGo : .payUpFront)
            }
            subscription = Product.SubscriptionInfo(
                subscriptionGroupID: sub.group, subscriptionPeriod: ModelConversion.period(sub.period),
                introductoryOffer: offer, groupLevel: sub.level)
        }
        return Product(
            id: item.id, type: ModelConversion.productType(item.type), displayName: item.id, displayPrice: displayPrice,
            price: price, isFamilyShareable: item.familyShareable, subscription: subscription)
    }

    /// The number in a display price such as "$4.99" or "4,99 €".
    static func parsePrice(_ text: String) -> Decimal? {
        let number = String(text.filter { $0.isNumber || $0 == "." || $0 == "," }).replacingOccurrences(
            of: ",", with: ".")
        return Decimal(string: number)
    }

    static func defaultPrice(_ type: PurchaseStateMachine.ProductType) -> Decimal {
        switch type {
        case .consumable: return Decimal(99) / 100
        case .nonConsumable: return Decimal(499) / 100
        case .nonRenewable: return Decimal(299) / 100
        case .autoRenewable: return Decimal(999) / 100
        }
    }
}
