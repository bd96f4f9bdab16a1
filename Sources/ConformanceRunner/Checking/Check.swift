/// A named rule evaluated after every event, for either store: one of the built-in checks or a
/// user's own. `Check` is the App Store's (its input is `CheckInput`), `PlayCheck` Google Play's
/// (`PlayCheckInput`); a check is one value whatever the store.
///
/// A check is its name, its rule, where the rule comes from, how to evaluate it, and whether it
/// can fail while the app reports exactly what the model expects (the App Store runner's fast
/// path). The built-in checks are one family per file: `Checking/BuiltIn/` for the App Store,
/// `GooglePlay/Checks/` for Google Play.
///
/// ```swift
/// let quota = Check(id: "free-tier-quota", rule: "A free user gets at most 3 analyses a day") { input in
///     … return nil when the rule holds, or a Discrepancy
/// }
/// ```
public struct StoreCheck<Input>: Sendable {
    /// The check's name.
    public let id: CheckID
    /// The rule, in one sentence.
    public let rule: String
    /// The section of the semantics contract the rule rests on ("" for a user's check).
    public let source: String
    /// What the check does when the app's grants and credits equal the model's.
    package let whenAppAgrees: WhenAppAgrees
    /// Returns a discrepancy when the rule is broken after this event, nil when it holds.
    public let evaluate: @Sendable (Input) -> Discrepancy?

    /// How a check takes part in an event after which the app reports exactly what the model
    /// expects, when the App Store runner skips building the full `CheckInput` (Google Play's
    /// runner always builds its input: its checks hold or need it).
    package enum WhenAppAgrees: Sendable {
        /// The check cannot fail then.
        case holds
        /// The check still can fail then, but only at an event with one of these facts; this
        /// cheaper evaluation says whether it does.
        case evaluate(when: AgreeingFacts, AgreeingEvaluation)
        /// The check needs the full input even then (every user's check).
        case needsFullInput
    }

    /// Creates a user's check: it sees the full input after every event.
    public init(id: CheckID, rule: String, evaluate: @escaping @Sendable (Input) -> Discrepancy?) {
        self.init(id: id, rule: rule, source: "", whenAppAgrees: .needsFullInput, evaluate: evaluate)
    }

    /// Creates a built-in check with its source, for a runner without a fast path (Google Play's):
    /// it sees the full input at every moment.
    package init(id: CheckID, rule: String, source: String, evaluate: @escaping @Sendable (Input) -> Discrepancy?) {
        self.init(id: id, rule: rule, source: source, whenAppAgrees: .needsFullInput, evaluate: evaluate)
    }

    /// Creates a check with its source and its part in the fast path.
    package init(
        id: CheckID, rule: String, source: String, whenAppAgrees: WhenAppAgrees,
        evaluate: @escaping @Sendable (Input) -> Discrepancy?
    ) {
        self.id = id
        self.rule = rule
        self.source = source
        self.whenAppAgrees = whenAppAgrees
        self.evaluate = evaluate
    }
}

extension StoreCheck: Hashable, CustomStringConvertible {
    /// Two checks are the same check when they have the same name.
    public static func == (lhs: StoreCheck, rhs: StoreCheck) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    /// The check's name.
    public var description: String { id.rawValue }
}

/// An App Store check: its input is what the App Store runner saw after one event.
public typealias Check = StoreCheck<CheckInput>

/// The earlier name of `Check`, for a user's own check.
public typealias CustomCheck = Check
