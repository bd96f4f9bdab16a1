/// Which checks run: the built-in ones switched on, plus the user's own.
public struct CheckSelection: Sendable {
    /// The built-in checks that run (all by default).
    public var builtIn: Set<CheckID> { didSet { plan() } }
    /// The user's own checks, evaluated after the built-in ones, in this order.
    public var custom: [Check] { didSet { plan() } }
    /// Checks a campaign has already reported: a failure named after one of them (its most
    /// specific failing check) counts as a pass, so the search moves on to other bugs.
    public var alreadyReported: Set<CheckID> = []

    /// The checks that run, in evaluation order: built-in order, then the user's.
    private(set) var active: [Check] = []
    /// The evaluations that run when the app agrees with the model, in evaluation order, each
    /// with the facts of an event that can make it fail.
    private(set) var whenAgreeing: [AgreeingRule] = []
    /// Every fact some evaluation in `whenAgreeing` waits for.
    private(set) var agreeingFacts: AgreeingFacts = []
    /// Whether some check needs the full input even when the app agrees with the model.
    private(set) var needsFullInput = false
    /// Whether `clock-skew-safe` runs (it asks the subject again with the true clock).
    private(set) var comparesTrueClock = false

    /// Every built-in check and no user's check.
    public init(builtIn: Set<CheckID> = Set(Check.builtIn.map(\.id)), custom: [Check] = []) {
        self.builtIn = builtIn
        self.custom = custom
        plan()
    }

    /// Derives the evaluation plan from the selection.
    private mutating func plan() {
        active = Check.builtIn.filter { builtIn.contains($0.id) } + custom
        whenAgreeing = []
        agreeingFacts = []
        needsFullInput = false
        for check in active {
            switch check.whenAppAgrees {
            case .holds: break
            case .evaluate(let facts, let evaluation):
                whenAgreeing.append(AgreeingRule(facts: facts, evaluate: evaluation))
                agreeingFacts.formUnion(facts)
            case .needsFullInput: needsFullInput = true
            }
        }
        comparesTrueClock = builtIn.contains(.clockSkewSafe)
    }

    /// The same selection without `ids`.
    public func skipping(_ ids: [CheckID]) -> CheckSelection {
        var copy = self
        copy.builtIn.subtract(ids)
        copy.custom.removeAll { ids.contains($0.id) }
        return copy
    }

    /// Every check name this selection can report, built-in order first.
    public var allIDs: [CheckID] { active.map(\.id) }

    /// Whether `id` names a built-in or user's check that exists (enabled or not).
    public func knows(_ id: CheckID) -> Bool {
        Check.builtIn(id) != nil || custom.contains { $0.id == id }
    }
}
