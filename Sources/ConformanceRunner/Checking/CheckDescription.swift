/// A check's documentation: the rule it enforces and where the rule comes from.
public struct CheckDescription: Hashable, Sendable {
    /// The check's name.
    public let id: CheckID
    /// The rule, in one sentence.
    public let rule: String
    /// The section of the semantics contract (`storekit-semantics.md`) the rule rests on.
    public let source: String
}

extension CheckDescription {
    /// The built-in checks in the order they are evaluated and reported: most specific first,
    /// so a failure is named by the rule it breaks most precisely.
    public static let builtIn: [CheckDescription] = [
        CheckDescription(
            id: .subjectResponds,
            rule: "The subject answers every message with a well-formed reply in time and does not crash or exit.",
            source: "purchase-subject/1 framing"),
        CheckDescription(
            id: .unverifiedNeverEntitled,
            rule: "A product whose only transaction failed StoreKit verification is never unlocked.",
            source: "§2.1 VerificationResult; §16 B14; §17.1"),
        CheckDescription(
            id: .refundedNeverEntitled,
            rule: "A refunded or revoked transaction never unlocks its product, and the app never relies on one.",
            source: "§3.1, §9, §11; §16 B3, B4; §17.5"),
        CheckDescription(
            id: .pendingNotEntitled,
            rule: "A purchase waiting for Ask to Buy approval unlocks nothing until it is approved.",
            source: "§5.1 PurchaseResult.pending; §5.2; §16 B11"),
        CheckDescription(
            id: .expiredNeverEntitled,
            rule: "An expired subscription, a subscription in billing retry after grace, or a non-renewing subscription past its duration unlocks nothing.",
            source: "§1, §3.1, §7.2, §7.3"),
        CheckDescription(
            id: .gracePeriodEntitled,
            rule: "A subscription in its billing grace period keeps full service until the grace period ends.",
            source: "§3.1 (inGracePeriod listed), §7.2; §16 B10, B18"),
        CheckDescription(
            id: .oneLevelPerGroup,
            rule: "Within a subscription group the app unlocks one level only, the highest the customer is entitled to; an upgraded-from plan never grants.",
            source: "§1, §8, §11; §16 B2; §17.2"),
        CheckDescription(
            id: .clockSkewSafe,
            rule: "What the app unlocks does not change when the device clock is wrong.",
            source: "§14; §16 B18; §17.9"),
        CheckDescription(
            id: .restoreIdempotent,
            rule: "Restoring purchases (AppStore.sync) leaves what the app grants and credits as it should be: it creates and restores nothing revoked and credits nothing twice.",
            source: "§6; §16 B5"),
        CheckDescription(
            id: .consumableCreditedOnce,
            rule: "Each consumable transaction is credited exactly once, however often it is delivered, and survives relaunch.",
            source: "§3.2, §4; §16 B5, B6"),
        CheckDescription(
            id: .finishAlwaysCalled,
            rule: "Every verified transaction delivered to the app (purchase result, update, launch redelivery) is finished before the event ends; unverified ones as the app policy promises.",
            source: "§4; §16 B7, B14"),
        CheckDescription(
            id: .entitlementsMatch,
            rule: "After every event the app unlocks exactly the products a correct app unlocks according to the model.",
            source: "§17.1–2; §16 B3"),
    ]

    /// The position of built-in check `id` in `builtIn`, or nil for a custom check.
    static func builtInIndex(_ name: String) -> Int? {
        switch name {
        case "subject-responds": return 0
        case "unverified-never-entitled": return 1
        case "refunded-never-entitled": return 2
        case "pending-not-entitled": return 3
        case "expired-never-entitled": return 4
        case "grace-period-entitled": return 5
        case "one-level-per-group": return 6
        case "clock-skew-safe": return 7
        case "restore-idempotent": return 8
        case "consumable-credited-once": return 9
        case "finish-always-called": return 10
        case "entitlements-match": return 11
        default: return nil
        }
    }

    /// The description of built-in check `id`, or nil for a custom check.
    public static func builtIn(_ id: CheckID) -> CheckDescription? { builtIn.first { $0.id == id } }
}
