#if !canImport(StoreKit)
    import PurchaseStateMachine

    /// The catalogs of the seed systems (seed-systems.md) and of the scheduling tests.
    enum StoreKitCatalogs {
        /// S1: three consumables, four non-consumables, three subscriptions in one group.
        static let s1: Catalog = make([
            .init(id: "coins.100", kind: .consumable(grant: 100)),
            .init(id: "coins.500", kind: .consumable(grant: 500)),
            .init(id: "coins.1000", kind: .consumable(grant: 1000)),
            .init(id: "premium", kind: .nonConsumable),
            .init(id: "removeads", kind: .nonConsumable),
            .init(id: "themes.all", kind: .nonConsumable),
            .init(id: "pro.lifetime", kind: .nonConsumable),
            .init(id: "pro.weekly", kind: .autoRenewable(.init(group: "pro", level: 3, period: ISODuration(weeks: 1)))),
            .init(
                id: "pro.monthly", kind: .autoRenewable(.init(group: "pro", level: 2, period: ISODuration(months: 1)))),
            .init(id: "pro.yearly", kind: .autoRenewable(.init(group: "pro", level: 1, period: ISODuration(years: 1)))),
        ])

        /// S2: monthly and yearly in one group, yearly the higher level.
        static let s2: Catalog = make([
            .init(
                id: "pro_monthly", kind: .autoRenewable(.init(group: "pro", level: 2, period: ISODuration(months: 1)))),
            .init(id: "pro_yearly", kind: .autoRenewable(.init(group: "pro", level: 1, period: ISODuration(years: 1)))),
        ])

        /// S4: monthly and yearly in one group, each with a seven-day free trial.
        static let s4: Catalog = make([
            .init(
                id: "premium.monthly",
                kind: .autoRenewable(
                    .init(
                        group: "premium", level: 2, period: ISODuration(months: 1),
                        introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: .days(7))))),
            .init(
                id: "premium.yearly",
                kind: .autoRenewable(
                    .init(
                        group: "premium", level: 1, period: ISODuration(years: 1),
                        introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: .days(7))))),
        ])

        /// The coin shop of the ordering-bug tests: one consumable and one non-consumable.
        static let coins: Catalog = make([
            .init(id: "coins.100", kind: .consumable(grant: 100)),
            .init(id: "premium", kind: .nonConsumable),
        ])

        /// The facade tests' catalog: one product of each kind the mirror converts.
        static let facade: Catalog = make([
            .init(id: "coins.100", kind: .consumable(grant: 100)),
            .init(id: "premium", kind: .nonConsumable, displayPrice: "$4.99"),
            .init(
                id: "pro.monthly",
                kind: .autoRenewable(
                    .init(
                        group: "pro", level: 1, period: ISODuration(months: 1),
                        introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: .days(7))))),
        ])

        private static func make(_ products: [PurchaseStateMachine.Product]) -> Catalog {
            do {
                return try Catalog(products: products)
            } catch {
                preconditionFailure("invalid test catalog: \(error)")
            }
        }
    }
#endif
