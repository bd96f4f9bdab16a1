import ConformanceRunner
import PurchaseStateMachine

/// The five published purchase systems the project was started from, ported as subjects,
/// each with its corrected twin (`seed-systems.md`).
public enum SeedSystems {
    /// Every seed-system subject: `seed-s1` … `seed-s5` and their `-fixed` twins.
    public static var subjects: [SubjectRunner] {
        [
            SubjectRunner(
                name: "seed-s3", summary: "S3 IAPManager (StoreKit 1, verifyReceipt, 2019) as published",
                catalog: SeedCatalogs.s3, policy: SeedCatalogs.serverValidated,
                factory: { catalog, _ in S3IAPManager(catalog: catalog, fixed: false) }),
            SubjectRunner(
                name: "seed-s3-fixed", summary: "S3 IAPManager corrected where the suite proved it wrong",
                catalog: SeedCatalogs.s3, policy: SeedCatalogs.serverValidated,
                factory: { catalog, _ in S3IAPManager(catalog: catalog, fixed: true) }),
            SubjectRunner(
                name: "seed-s5", summary: "S5 subscription validation cron (server, 2013) as published",
                catalog: SeedCatalogs.s5, profile: SeedCatalogs.serverProfile, policy: SeedCatalogs.serverValidated,
                factory: { _, _ in S5ValidationCron(fixed: false) }),
            SubjectRunner(
                name: "seed-s5-fixed", summary: "S5 validation cron corrected where the suite proved it wrong",
                catalog: SeedCatalogs.s5, profile: SeedCatalogs.serverProfile, policy: SeedCatalogs.serverValidated,
                factory: { _, _ in S5ValidationCron(fixed: true) }),
        ]
    }
}

/// The catalogs the seed systems were published with.
public enum SeedCatalogs {
    static func subscription(_ id: String, group: String, level: Int, period: ISODuration, trial: Bool = false) -> Product {
        Product(
            id: id,
            kind: .autoRenewable(
                AutoRenewableSubscription(
                    group: group, level: level, period: period,
                    introductoryOffer: trial ? IntroductoryOffer(mode: .freeTrial, duration: .days(7)) : nil)))
    }

    static func make(_ products: [Product]) -> Catalog {
        do { return try Catalog(products: products) } catch { preconditionFailure("seed catalog: \(error)") }
    }

    /// S1: coins.100/500/1000, premium, removeads, themes.all, pro.lifetime, and pro.weekly /
    /// pro.monthly / pro.yearly in one group (yearly the highest level).
    public static let s1 = make([
        Product(id: "coins.100", kind: .consumable(grant: 100)), Product(id: "coins.500", kind: .consumable(grant: 500)),
        Product(id: "coins.1000", kind: .consumable(grant: 1000)), Product(id: "premium", kind: .nonConsumable),
        Product(id: "removeads", kind: .nonConsumable), Product(id: "themes.all", kind: .nonConsumable),
        Product(id: "pro.lifetime", kind: .nonConsumable),
        subscription("pro.weekly", group: "pro", level: 3, period: ISODuration(weeks: 1)),
        subscription("pro.monthly", group: "pro", level: 2, period: ISODuration(months: 1)),
        subscription("pro.yearly", group: "pro", level: 1, period: ISODuration(years: 1)),
    ])

    /// S2: pro_monthly and pro_yearly in one group (yearly the higher level).
    public static let s2 = make([
        subscription("pro_monthly", group: "pro", level: 2, period: ISODuration(months: 1)),
        subscription("pro_yearly", group: "pro", level: 1, period: ISODuration(years: 1)),
    ])

    /// S3: one group of two yearly products and one product in a second group.
    public static let s3 = make([
        subscription("premium.yearly", group: "premium", level: 1, period: ISODuration(years: 1)),
        subscription("standard.yearly", group: "premium", level: 2, period: ISODuration(years: 1)),
        subscription("extras.monthly", group: "extras", level: 1, period: ISODuration(months: 1)),
    ])

    /// S4: premium.monthly and premium.yearly in one group, each with a 7-day free trial.
    public static let s4 = make([
        subscription("premium.monthly", group: "premium", level: 2, period: ISODuration(months: 1), trial: true),
        subscription("premium.yearly", group: "premium", level: 1, period: ISODuration(years: 1), trial: true),
    ])

    /// S5: premium packages of 1, 3, 6 and 12 months in one group (one level of service).
    public static let s5 = make([
        subscription("premium.1m", group: "premium", level: 1, period: ISODuration(months: 1)),
        subscription("premium.3m", group: "premium", level: 1, period: ISODuration(months: 3)),
        subscription("premium.6m", group: "premium", level: 1, period: ISODuration(months: 6)),
        subscription("premium.12m", group: "premium", level: 1, period: ISODuration(months: 12)),
    ])

    /// Server subjects see the same histories as apps.
    static var serverProfile: GenerationProfile { GenerationProfile() }

    /// Receipt-era systems validate with Apple's servers, not on the device (§9.1).
    static let serverValidated = AppPolicy(trustsServerValidation: true)
}
