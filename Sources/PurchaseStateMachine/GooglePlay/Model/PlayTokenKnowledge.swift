/// What the subject could know of one token besides its last view: how fresh that knowledge is,
/// whether a fresher view was contradicted by a stale cache, and whether the backend was ever
/// told of the token (play-billing-semantics §2.4, §7, §9.4).
public struct PlayTokenKnowledge: Hashable, Sendable {
    /// How many events had been applied when the freshest view the app holds was true.
    public var version: Int = 0
    /// Under V-CLIENT-CACHE-LAG: the fresher view (from the listener) that a later, staler
    /// `queryPurchasesAsync` answer contradicted; either may be what a correct app grants.
    public var fresher: PlayTokenView?
    /// Whether the app was told it replaced this token (it passed it as `oldPurchaseToken`, §7).
    public var toldReplaced = false
    /// The event (`eventsApplied`) in which a message naming this token first reached the subject:
    /// an RTDN, or a listener call or query answer the app forwards to its backend (§9.4
    /// V-RTDN-DELAY / LOSS); nil while none has.
    public var namedInEvent: Int?

    /// Whether a backend told of the token could read it as paid and not voided at the end of an
    /// event (when it reads the API), so it owes its consumable credit (§5, V-RTDN-DELAY).
    public var backendSawPaid = false

    /// Whether a backend has been told of the token, so it can read it from the Developer API.
    public var namedToBackend: Bool { namedInEvent != nil }

    /// Records that a message naming the token reached the subject during event `event`.
    mutating func name(inEvent event: Int) {
        if namedInEvent == nil { namedInEvent = event }
    }

    /// Nothing known yet.
    public init() {}
}
