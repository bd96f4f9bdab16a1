import ConformanceRunner
import PurchaseStateMachine
import StoreKitTestDouble

/// The five published purchase systems the project was started from, ported as subjects,
/// each with its corrected twin (`seed-systems.md`).
public enum SeedSystems {
    /// Every seed-system subject: `seed-s1` … `seed-s5` and their `-fixed` twins.
    public static var subjects: [SubjectRunner] {
        [
            SubjectRunner(
                name: "seed-s1", summary: "S1 StoreManager (StoreKit 2 guide, 2024) as published", catalog: SeedCatalogs.s1,
                factory: StoreKitSubject<StoreManagerS1App<AsPublished>>.factory()),
            SubjectRunner(
                name: "seed-s1-fixed", summary: "S1 StoreManager corrected where the suite proved it wrong",
                catalog: SeedCatalogs.s1, factory: StoreKitSubject<StoreManagerS1App<Fixed>>.factory()),
            SubjectRunner(
                name: "seed-s2", summary: "S2 Store (StoreKit 2 pattern notes, 2026) as published", catalog: SeedCatalogs.s2,
                factory: StoreKitSubject<StoreS2App<AsPublished>>.factory()),
            SubjectRunner(
                name: "seed-s2-fixed", summary: "S2 Store corrected where the suite proved it wrong", catalog: SeedCatalogs.s2,
                factory: StoreKitSubject<StoreS2App<Fixed>>.factory()),
            SubjectRunner(
                name: "seed-s3", summary: "S3 IAPManager (StoreKit 1, verifyReceipt, 2019) as published",
                catalog: SeedCatalogs.s3, policy: SeedCatalogs.serverValidated,
                factory: { catalog, _ in S3IAPManager(catalog: catalog, fixed: false) }),
            SubjectRunner(
                name: "seed-s3-fixed", summary: "S3 IAPManager corrected where the suite proved it wrong",
                catalog: SeedCatalogs.s3, policy: SeedCatalogs.serverValidated,
                factory: { catalog, _ in S3IAPManager(catalog: catalog, fixed: true) }),
            SubjectRunner(
                name: "seed-s4", summary: "S4 SubscriptionService with a free tier (2025) as published", catalog: SeedCatalogs.s4,
                profile: SeedCatalogs.analyzeProfile, customChecks: [SeedCatalogs.freeTierQuota],
                factory: StoreKitSubject<SubscriptionServiceS4App<AsPublished>>.factory()),
            SubjectRunner(
                name: "seed-s4-fixed", summary: "S4 SubscriptionService corrected where the suite proved it wrong",
                catalog: SeedCatalogs.s4, profile: SeedCatalogs.analyzeProfile, customChecks: [SeedCatalogs.freeTierQuota],
                factory: StoreKitSubject<SubscriptionServiceS4App<Fixed>>.factory()),
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
