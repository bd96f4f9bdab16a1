import ConformanceRunner
import PurchaseStateMachine

/// A correct Google Play app without a backend, written the way Google's integration guide asks
/// (play-billing-semantics §2–§5, §7).
///
/// It ignores a purchase whose signature does not verify (§2.3). It keeps the purchases Play last reported, keyed by token: the whole set is replaced by each
/// `queryPurchasesAsync` answer at launch and resume, and upserted by `onPurchasesUpdated`. It
/// grants only `PURCHASED` purchases that are not suspended (on hold or paused, §2.3), credits a
/// consumable's quantity once per token (the set of credited tokens is persisted with the balance),
/// consumes consumables, acknowledges everything else once, and drops the token it replaced in a
/// plan change or re-signup for good: it persists the tokens it named as `oldPurchaseToken`, so a
/// query that still lists one (V-OLD-TOKEN-VISIBLE, §7) grants nothing. It hears Google's answer to
/// each call: it retries a call that met a passing fault (`SERVICE_UNAVAILABLE`,
/// `SERVICE_DISCONNECTED`, `NETWORK_ERROR`; V-REPLY-TRANSIENT, §2.2) and keeps granting after an
/// `ERROR` (a second acknowledgement of a purchase a duplicate listener call repeated, V-REACK, B12).
/// With a `mistake` it is one of the buggy examples.
public struct PlayReferenceApp: PlaySubject {
    /// The mistake to make, if any.
    public var mistake: PlayAppMistake?
    let policy: PlayPolicy
    let oneTime: [String]
    var known: [String: PlayPurchase] = [:]
    var pendingSeen: [String] = []
    // Persisted across relaunches.
    var balances = Balances()
    var credited: [String] = []
    var replaced: [String] = []

    /// A correct app.
    public init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
        self.init(mistake: nil, catalog: catalog, policy: policy)
    }

    /// An app making `mistake`.
    public init(mistake: PlayAppMistake?, catalog: PlayCatalog, policy: PlayPolicy) {
        self.mistake = mistake
        self.policy = policy
        self.oneTime = catalog.oneTime.map(\.id)
    }

    /// Reconciles with what `queryPurchasesAsync` returned.
    public mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        known = [:]
        return purchases.filter { !replaced.contains($0.token) }.flatMap { handle($0) }
    }

    /// Handles `onPurchasesUpdated`.
    public mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        guard result == .ok else { return [] }
        return purchases.flatMap { p in
            if let old = p.replacing, mistake != .keepsReplacedToken {
                known[old] = nil
                if !replaced.contains(old) { replaced.append(old) }
            }
            return handle(p)
        }
    }

    /// The app listens for `onAcknowledgePurchaseResponse` and `onConsumeResponse`.
    public var wantsBillingResponses: Bool { true }

    /// Retries a call that met a passing fault; an `ERROR` leaves the grant alone (B12).
    public mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] {
        if result.isTransient { return [reply] }
        // The mistake: an acknowledgement that answers ERROR is taken for a failed purchase (B12).
        if case .acknowledge(let token) = reply, result == .error, mistake == .withholdsAfterAckError { known[token] = nil }
        return []
    }

    /// Drops in-memory state.
    public mutating func terminate() {
        known = [:]
        pendingSeen = []
    }

    /// What the app grants now.
    public func query(context: PlaySubjectContext) throws -> ObservedState {
        var entitled: [String] = []
        for p in known.values where !p.suspended && (p.state == .purchased || mistake == .grantsPending) {
            for product in p.products where !policy.isConsumable(product) { entitled.append(product) }
        }
        return ObservedState(entitled: entitled.sorted(), balances: balances)
    }

    /// Whether `p` is a one-time purchase (subscriptions are never consumed, even by the buggy example).
    private func isOneTime(_ p: PlayPurchase) -> Bool { oneTime.contains(p.products.first ?? "") }

    /// Grants, credits, consumes or acknowledges one purchase; returns the replies.
    private mutating func handle(_ p: PlayPurchase) -> [PlayReply] {
        guard p.signatureValid else { return [] }  // §2.3: a purchase whose signature fails is not Google's
        known[p.token] = p
        guard p.state == .purchased else {
            if !pendingSeen.contains(p.token) { pendingSeen.append(p.token) }
            return []
        }
        let product = p.products.first ?? ""
        let completedPending = pendingSeen.contains(p.token)
        if policy.isConsumable(product) {
            if !credited.contains(p.token) {
                credited.append(p.token)
                balances[product] = (balances[product] ?? 0) + p.quantity
            }
            if completedPending, mistake == .forgetsCompletedPending { return [] }
            return [.consume(token: p.token)]
        }
        if mistake == .consumesEverything, isOneTime(p) { return [.consume(token: p.token)] }
        if p.acknowledged || (completedPending && mistake == .forgetsCompletedPending) { return [] }
        return [.acknowledge(token: p.token)]
    }
}

/// One mistake a Play app can make, each after a bug pattern of the semantics contract (§14).
public enum PlayAppMistake: String, Hashable, Sendable, CaseIterable {
    /// B1: a pending purchase that completes later is granted but never acknowledged or consumed.
    case forgetsCompletedPending
    /// B2: a `PENDING` purchase unlocks its product.
    case grantsPending
    /// B8: the token a plan change replaced stays granted until the next launch.
    case keepsReplacedToken
    /// B4: every one-time purchase is consumed, permanent ones included.
    case consumesEverything
    /// B12: an acknowledgement answered `ERROR` (the purchase was already acknowledged, V-REACK) is
    /// taken for a failed purchase, and the product is withheld until the next query.
    case withholdsAfterAckError
}
