import ConformanceRunner
import PurchaseStateMachine

/// The subjects the command-line tool knows by name (`--subject NAME`, `--list-subjects`).
public enum BuiltInSubjects {
    /// Every built-in subject, in the order `--list-subjects` prints them.
    public static var all: [SubjectRunner] {
        var subjects = [
            SubjectRunner(
                name: "reference", summary: "the correct app (what every check expects)", catalog: ExampleCatalog.standard,
                profile: ExampleCatalog.profileWithAction,
                factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) }),
        ]
        for bug in ExampleApp.Bug.allCases {
            subjects.append(
                SubjectRunner(
                    name: "example-\(bug.rawValue)", summary: "example app that \(bug.summary)",
                    catalog: ExampleCatalog.standard, factory: ExampleApp.factory(bug)))
        }
        subjects.append(
            SubjectRunner(
                name: "bench-correct", summary: "PurchaseBench-1's correct app on the bench catalog",
                catalog: PurchaseBench.catalog, profile: PurchaseBench.profile, factory: BenchApp.factory(nil)))
        for mutant in BenchApp.Mutant.allCases {
            subjects.append(
                SubjectRunner(
                    name: "bench-\(mutant.rawValue.lowercased())", summary: "PurchaseBench-1 mutant \(mutant.rawValue) \(mutant.title)",
                    catalog: PurchaseBench.catalog, profile: PurchaseBench.profile, factory: BenchApp.factory(mutant)))
        }
        for mutant in DeepApp.Mutant.allCases {
            subjects.append(
                SubjectRunner(
                    name: "deep-\(mutant.rawValue)", summary: "the reference app, except: \(mutant.summary)",
                    catalog: ExampleCatalog.standard, profile: ExampleCatalog.profileWithAction,
                    factory: DeepApp.factory(mutant)))
        }
        return subjects
    }
}

/// Catalogs the tool uses when none is given.
public enum ExampleCatalog {
    /// The default profile plus one app action (`open`, which changes nothing), so every event
    /// kind occurs.
    public static var profileWithAction: GenerationProfile {
        var profile = GenerationProfile()
        profile.appActions = [AppActionTemplate(name: "open")]
        return profile
    }

    /// The catalog of the history-format example: `coins` (+100), `premium` (family-shareable),
    /// `season` (3 months, non-renewing), `monthly` (level 2, 1-week free trial) and `yearly`
    /// (level 1) in group `pro`.
    public static let standard: Catalog = {
        do {
            return try Catalog(products: [
                Product(id: "coins", kind: .consumable(grant: 100)),
                Product(id: "premium", kind: .nonConsumable, familyShareable: true),
                Product(id: "season", kind: .nonRenewable(duration: ISODuration(months: 3))),
                Product(
                    id: "monthly",
                    kind: .autoRenewable(
                        AutoRenewableSubscription(
                            group: "pro", level: 2, period: ISODuration(months: 1),
                            introductoryOffer: IntroductoryOffer(mode: .freeTrial, duration: ISODuration(weeks: 1)))),
                    familyShareable: true),
                Product(
                    id: "yearly", kind: .autoRenewable(AutoRenewableSubscription(group: "pro", level: 1, period: ISODuration(years: 1)))),
            ])
        } catch {
            preconditionFailure("the standard example catalog is valid: \(error)")
        }
    }()
}
