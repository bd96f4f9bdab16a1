import ConformanceRunner
import PurchaseStateMachine

/// A correct Google Play backend: it learns of changes from RTDNs and, as Google asks, reads
/// the Developer API for the real state before acting (play-billing-semantics §9.1, B17).
///
/// Per token it keeps what `subscriptionsv2` / `products` last said; duplicates and reordering
/// cannot hurt because every notification only triggers a fresh read. RTDNs may also come late or
/// never (V-RTDN-DELAY / LOSS), so it remembers every token it hears of, from an RTDN or from the
/// app (which forwards what the listener and `queryPurchasesAsync` said), and re-reads them all on
/// each reconciliation `tick`; a token the API no longer answers for (§6.5) entitles nothing, and
/// a Console test notification (§9.3) changes nothing. It follows `linkedPurchaseToken`: a token a
/// paid subscription names there is retired for good, whatever the API still says of it
/// (V-OLD-TOKEN-API-VALID, §7), so it also tracks the new token a `pendingPurchaseUpdate` names (§3),
/// and grants every line item of a purchase (an add-on's product too,
/// V-ADDONS, §1). It credits a consumable once per token, consumes consumables and acknowledges
/// everything else from the server, retrying a call that met a passing fault (V-REPLY-TRANSIENT,
/// §2.2). With a `mistake` it is one of the buggy examples.
public struct PlayReferenceServer: PlaySubject {
    /// The mistake to make, if any.
    public var mistake: PlayServerMistake?
    let catalog: PlayCatalog
    let policy: PlayPolicy
    var grants: [String: [String]] = [:]
    var balances = Balances()
    var credited: [String] = []
    var replaced: [String] = []
    /// Every token heard of, in the order heard (the tick reads them in this order).
    var tokens: [String] = []

    /// A correct backend.
    public init(catalog: PlayCatalog, policy: PlayPolicy, context: PlaySubjectContext) {
        self.catalog = catalog
        self.policy = policy
    }

    /// A backend making `mistake`.
    public init(mistake: PlayServerMistake?, catalog: PlayCatalog, policy: PlayPolicy) {
        self.mistake = mistake
        self.catalog = catalog
        self.policy = policy
    }

    /// A backend: it receives RTDNs.
    public var wantsNotifications: Bool { true }

    /// The backend reads the answer of each server call.
    public var wantsBillingResponses: Bool { true }

    /// Retries a call that met a passing fault (`SERVICE_UNAVAILABLE` and the like); nothing else needs doing.
    public mutating func billingResponse(_ result: PlayReplyResult, to reply: PlayReply, context: PlaySubjectContext) throws -> [PlayReply] {
        result.isTransient ? [reply] : []
    }

    /// Records the tokens `queryPurchasesAsync` returned (the app sends them to its backend).
    public mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        for p in purchases { p.namedTokens.forEach { hear($0) } }
        return []
    }

    /// Records the tokens `onPurchasesUpdated` delivered (the app sends them to its backend).
    public mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] {
        for p in purchases { p.namedTokens.forEach { hear($0) } }
        return []
    }

    /// Handles one RTDN: a fresh read of its token.
    public mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
        guard n.type != .test else { return [] }  // §9.3: a Console test message names no purchase
        hear(n.token)
        return reconcile(n.token, context: context, fromNotification: true)
    }

    /// The reconciliation job: a fresh read of every token heard of.
    public mutating func tick(context: PlaySubjectContext) throws -> [PlayReply] {
        tokens.flatMap { reconcile($0, context: context, fromNotification: false) }
    }

    private mutating func hear(_ token: String) {
        if !tokens.contains(token) { tokens.append(token) }
    }

    /// Reads `token` from the Developer API and grants, credits, acknowledges or consumes by what it says.
    private mutating func reconcile(_ token: String, context: PlaySubjectContext, fromNotification: Bool) -> [PlayReply] {
        guard let view = context.server(token: token) else {
            grants[token] = nil  // §6.5: a token the API no longer answers for (60 days past its end) entitles nothing
            return []
        }
        if let state = view["subscriptionState"] {
            // PENDING, PENDING_PURCHASE_CANCELED or (V-PENDING-CANCEL-NAME) PENDING_PURCHASE_EXPIRED: never paid.
            var paid = true
            if case .string(let name) = state { paid = !name.hasPrefix("SUBSCRIPTION_STATE_PENDING") }
            if paid, case .string(let old)? = view["linkedPurchaseToken"], !replaced.contains(old) {
                replaced.append(old)  // §7: the backend must retire the old token
                grants[old] = []
            }
            guard !replaced.contains(token) else { return [] }
            // §1: every line item is a product the purchase grants (V-ADDONS: a base plan and its add-on).
            guard case .array(let items)? = view["lineItems"], let item = items.first else { return [] }
            var products: [String] = items.compactMap { if case .string(let id)? = $0["productId"] { return id } else { return nil } }
            if case .string(let plan)? = item["deferredFromBasePlan"], let owner = catalog.subscription(ofPlan: plan) { products = [owner] }
            var entitled = false
            switch state {
            case "SUBSCRIPTION_STATE_ACTIVE", "SUBSCRIPTION_STATE_IN_GRACE_PERIOD": entitled = true
            case "SUBSCRIPTION_STATE_ON_HOLD":
                // The mistake: hold is read as "still paying, Google is retrying" (B9).
                entitled = mistake == .ignoresHold && grants[token]?.isEmpty == false
            case "SUBSCRIPTION_STATE_CANCELED":
                if case .string(let text)? = item["expiryTime"], let expiry = Instant(iso8601: text) { entitled = expiry > context.now }
            default: entitled = false
            }
            grants[token] = entitled ? products : []
            if entitled, paid, view["acknowledgementState"] == .string("ACKNOWLEDGEMENT_STATE_PENDING") {
                return [.acknowledge(token: token)]
            }
            return []
        }
        guard view["purchaseState"] == .int(0), case .string(let product)? = view["productId"] else {
            grants[token] = []
            return []
        }
        if policy.isConsumable(product) {
            // The mistake: every notification pays, not every token (B7).
            let again = fromNotification && mistake == .creditsEachNotification
            if !credited.contains(token) || again, case .int(let q)? = view["quantity"] {
                credited.append(token)
                balances[product] = (balances[product] ?? 0) + Int(q)
            }
            return view["consumptionState"] == .int(0) ? [.consume(token: token)] : []
        }
        grants[token] = [product]
        return view["acknowledgementState"] == .int(0) ? [.acknowledge(token: token)] : []
    }

    /// What the app grants now.
    public func query(context: PlaySubjectContext) throws -> ObservedState {
        var entitled: [String] = []
        for products in grants.values { for p in products where !entitled.contains(p) { entitled.append(p) } }
        return ObservedState(entitled: entitled.sorted(), balances: balances)
    }
}

/// One mistake a Play backend can make.
public enum PlayServerMistake: String, Hashable, Sendable, CaseIterable {
    /// B9: reads the state but keeps granting a subscription on account hold.
    case ignoresHold
    /// B7: credits a consumable once per notification instead of once per token, so a redelivered RTDN pays twice.
    case creditsEachNotification
}
