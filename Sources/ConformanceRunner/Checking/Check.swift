/// A named rule evaluated after every event: one of the built-in checks or a user's own.
///
/// A check is one value: its name, its rule, where the rule comes from, how to evaluate it, and
/// whether it can fail while the app reports exactly what the model expects (the runner's fast
/// path). The built-in checks are `Check.builtIn`, one family per file in `Checking/BuiltIn/`.
///
/// ```swift
/// let quota = Check(id: "free-tier-quota", rule: "A free user gets at most 3 analyses a day") { input in
///     … return nil when the rule holds, or a Discrepancy
/// }
/// ```
public struct Check: Sendable {
    /// The check's name.
    public let id: CheckID
    /// The rule, in one sentence.
    public let rule: String
    /// The section of the semantics contract the rule rests on ("" for a user's check).
    public let source: String
    /// What the check does when the app's grants and credits equal the model's.
    package let whenAppAgrees: WhenAppAgrees
    /// Returns a discrepancy when the rule is broken after this event, nil when it holds.
    public let evaluate: @Sendable (CheckInput) -> Discrepancy?

    /// How a check takes part in an event after which the app reports exactly what the model
    /// expects, when the runner skips building the full `CheckInput`.
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
    public init(id: CheckID, rule: String, evaluate: @escaping @Sendable (CheckInput) -> Discrepancy?) {
        self.init(id: id, rule: rule, source: "", whenAppAgrees: .needsFullInput, evaluate: evaluate)
    }

    /// Creates a check with its source and its part in the fast path.
    package init(
        id: CheckID, rule: String, source: String, whenAppAgrees: WhenAppAgrees,
        evaluate: @escaping @Sendable (CheckInput) -> Discrepancy?
    ) {
        self.id = id
        self.rule = rule
        self.source = source
        self.whenAppAgrees = whenAppAgrees
        self.evaluate = evaluate
    }
}

/// The earlier name of `Check`, for a user's own check.
public typealias CustomCheck = Check
