#if !canImport(Darwin)
    import PurchaseStateMachine

    /// The catalogs of the scheduling and facade tests (the seed systems' are `SeedCatalogs`).
    enum StoreKitCatalogs {
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
