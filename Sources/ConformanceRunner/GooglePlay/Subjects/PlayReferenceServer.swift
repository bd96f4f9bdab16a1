import PurchaseStateMachine

/// A correct Google Play backend: it learns of changes from RTDNs and, as Google asks, reads
/// the Developer API for the real state before acting (play-billing-semantics §9.1, B17).
///
/// Per token it keeps what `subscriptionsv2` / `products` last said; duplicates and reordering
/// cannot hurt because every notification only triggers a fresh read. It follows
/// `linkedPurchaseToken`: a token a paid subscription names there is retired for good, whatever
/// the API still says of it (V-OLD-TOKEN-API-VALID, §7). It credits a consumable once per token,
/// consumes consumables and acknowledges everything else from the server, retrying a call that met
/// a passing fault (V-REPLY-TRANSIENT, §2.2).
/// With a `mistake` it is one of the buggy examples.
public struct PlayReferenceServer: PlaySubject {
    /// The mistake to make, if any.
    public var mistake: PlayServerMistake?
    let catalog: PlayCatalog
    let policy: PlayPolicy
    var grants: [String: [String]] = [:]
    var balances = Balances()
    var credited: [String] = []
    var replaced: [String] = []

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

    /// Reconciles with what `queryPurchasesAsync` returned.
    public mutating func connected(_ reason: PlayConnectReason, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }

    /// Handles `onPurchasesUpdated`.
    public mutating func purchasesUpdated(_ result: PlayBillingResult, purchases: [PlayPurchase], context: PlaySubjectContext) throws -> [PlayReply] { [] }

    /// Handles one RTDN.
    public mutating func notification(_ n: PlayNotification, context: PlaySubjectContext) throws -> [PlayReply] {
        guard n.type != .test else { return [] }  // §9.3: a Console test message names no purchase
        guard let view = context.server(token: n.token) else {
            grants[n.token] = nil  // §6.5: a token the API no longer answers for (60 days past its end) entitles nothing
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
            guard !replaced.contains(n.token) else { return [] }
            let item = view["lineItems"].flatMap { if case .array(let a) = $0 { return a.first } else { return nil } }
            var product = n.product
            if case .string(let plan)? = item?["deferredFromBasePlan"], let owner = catalog.subscription(ofPlan: plan) { product = owner }
            var entitled = false
            switch state {
            case "SUBSCRIPTION_STATE_ACTIVE", "SUBSCRIPTION_STATE_IN_GRACE_PERIOD": entitled = true
            case "SUBSCRIPTION_STATE_ON_HOLD":
                // The mistake: hold is read as "still paying, Google is retrying" (B9).
                entitled = mistake == .ignoresHold && grants[n.token]?.isEmpty == false
            case "SUBSCRIPTION_STATE_CANCELED":
                if case .string(let text)? = item?["expiryTime"], let expiry = Instant(iso8601: text) { entitled = expiry > context.now }
            default: entitled = false
            }
            grants[n.token] = entitled ? [product] : []
            if entitled, paid, view["acknowledgementState"] == .string("ACKNOWLEDGEMENT_STATE_PENDING") {
                return [.acknowledge(token: n.token)]
            }
            return []
        }
        guard view["purchaseState"] == .int(0) else {
            grants[n.token] = []
            return []
        }
        if policy.isConsumable(n.product) {
            if !credited.contains(n.token) || mistake == .creditsEachNotification, case .int(let q)? = view["quantity"] {
                credited.append(n.token)
                balances[n.product] = (balances[n.product] ?? 0) + Int(q)
            }
            return view["consumptionState"] == .int(0) ? [.consume(token: n.token)] : []
        }
        grants[n.token] = [n.product]
        return view["acknowledgementState"] == .int(0) ? [.acknowledge(token: n.token)] : []
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

