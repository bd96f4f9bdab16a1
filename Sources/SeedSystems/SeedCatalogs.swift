import ConformanceRunner
import PurchaseStateMachine

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

    /// S4's histories: every event kind, with `analyze` app actions frequent enough that four
    /// fall on one day.
    public static var analyzeProfile: GenerationProfile {
        var profile = GenerationProfile()
        profile.appActions = [AppActionTemplate(name: "analyze")]
        profile.kinds = profile.kinds.map { $0.kind == .appAction ? ($0.kind, 12) : $0 }
        return profile
    }

    /// S4's quota: three analyses per true day for a free user, unlimited for premium.
    public static let freeTierQuota = FreeTierQuota.check(
        action: "analyze", dailyLimit: 3, premium: ["premium.monthly", "premium.yearly"])

    /// Server subjects see the same histories as apps.
    static var serverProfile: GenerationProfile { GenerationProfile() }

    /// Receipt-era systems validate with Apple's servers, not on the device (§9.1).
    static let serverValidated = AppPolicy(trustsServerValidation: true)
}
