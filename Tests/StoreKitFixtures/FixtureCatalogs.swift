import PurchaseStateMachine

/// The catalogs the fixtures are checked on.
enum FixtureCatalogs {
    /// Coins, two unlockables and a two-level subscription group with a trial.
    static let shop = make([
        Product(id: "coins.10", kind: .consumable(grant: 10), displayPrice: "$0.99"),
        Product(id: "theme.dark", kind: .nonConsumable, displayPrice: "$1.99"),
        Product(id: "pro.lifetime", kind: .nonConsumable, displayPrice: "$24.99"),
        Product(
            id: "plus.monthly",
            kind: .autoRenewable(
                AutoRenewableSubscription(
                    group: "plus", level: 2, period: ISODuration(months: 1),
                    introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: .days(7)))),
            displayPrice: "$4.99"),
        Product(
            id: "plus.yearly",
            kind: .autoRenewable(AutoRenewableSubscription(group: "plus", level: 1, period: ISODuration(years: 1))),
            displayPrice: "$39.99"),
    ])

    /// Two subscription groups and nothing else.
    static let subscriptions = make([
        Product(
            id: "plus.monthly",
            kind: .autoRenewable(AutoRenewableSubscription(group: "plus", level: 2, period: ISODuration(months: 1)))),
        Product(
            id: "plus.yearly",
            kind: .autoRenewable(AutoRenewableSubscription(group: "plus", level: 1, period: ISODuration(years: 1)))),
        Product(
            id: "news.weekly",
            kind: .autoRenewable(AutoRenewableSubscription(group: "news", level: 1, period: ISODuration(weeks: 1)))),
    ])

    /// Two lifetime unlocks.
    static let unlocks = make([
        Product(id: "pro.lifetime", kind: .nonConsumable, displayPrice: "$24.99"),
        Product(id: "theme.dark", kind: .nonConsumable, displayPrice: "$1.99"),
    ])

    /// One lifetime unlock.
    static let proLifetime = make([Product(id: "pro.lifetime", kind: .nonConsumable, displayPrice: "$24.99")])

    static let shopIDs = shop.products.map(\.id)
    static let subscriptionIDs = subscriptions.products.map(\.id)

    private static func make(_ products: [Product]) -> Catalog {
        do { return try Catalog(products: products) } catch { preconditionFailure("fixture catalog: \(error)") }
    }
}
