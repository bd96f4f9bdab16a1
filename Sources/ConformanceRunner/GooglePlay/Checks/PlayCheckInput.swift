import PurchaseStateMachine

/// Everything a Google Play check sees at one moment of an event: the model, the app's policy,
/// what the subject hears, and what happened (a consumption asked for, purchases refunded for
/// lack of acknowledgement, or the subject's answer to the query after the event).
public struct PlayCheckInput: Sendable {
    /// The moments of an event at which the checks are evaluated.
    public enum Moment: Sendable {
        /// The subject asked Google to consume `token`; Google has not applied it yet.
        case consuming(token: String)
        /// Google refunded these tokens (1-based numbers) for lack of acknowledgement.
        case lapsed([Int])
        /// The subject answered the query after the event with this state.
        case queried(ObservedState)
    }

    /// What happened.
    public let moment: Moment
    /// The 0-based index of the event (-1 at the launch).
    public let eventIndex: Int
    /// The model at this moment.
    public let model: PlayModel
    /// Which one-time products the app consumes.
    public let policy: PlayPolicy
    /// Whether the subject hears everything Google knows (a backend: RTDN and the Developer API).
    public let knowsEverything: Bool
    /// Tokens whose latest acknowledgement the subject heard answered with an error (B12).
    public let acknowledgementErrors: [String]
    /// After a query: the products a correct subject grants (consumables left out).
    public let expected: [String]
    /// After a query: the products the subject grants (consumables left out).
    public let granted: [String]
    /// After a query: products a stale client cache leaves uncertain (V-CLIENT-CACHE-LAG).
    public let leeway: [String]
    /// After a query: the check each product granted against the model breaks, in order (`PlayCheckInput+Attribution.swift`).
    public private(set) var unexpectedGrantChecks: [CheckID] = []
    /// After a query: the check each product withheld against the model breaks, in order.
    public private(set) var missingGrantChecks: [CheckID] = []

    /// Gathers one moment's input; after a query, the expected and granted products, and the
    /// check each divergent one is attributed to, are computed once for every check.
    init(moment: Moment, eventIndex: Int, model: PlayModel, policy: PlayPolicy, knowsEverything: Bool, acknowledgementErrors: [String]) {
        self.moment = moment
        self.eventIndex = eventIndex
        self.model = model
        self.policy = policy
        self.knowsEverything = knowsEverything
        self.acknowledgementErrors = acknowledgementErrors
        if case .queried(let observed) = moment {
            expected = model.expectedEntitlements(knowsEverything: knowsEverything).filter { !policy.isConsumable($0) }
            granted = observed.entitledSorted.filter { !policy.isConsumable($0) }
            leeway = knowsEverything ? [] : model.clientLeeway()
        } else {
            expected = []
            granted = []
            leeway = []
        }
        unexpectedGrantChecks = granted.filter { !expected.contains($0) && !leeway.contains($0) }.map(unexpectedCheck)
        missingGrantChecks = expected.filter { !granted.contains($0) }.map(missingCheck)
    }
}
