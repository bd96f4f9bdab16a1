/// Where a token stands, in the terms the semantics contract uses to say what entitles
/// (play-billing-semantics §6.1, §15.1).
public enum PlayTokenStatus: String, Hashable, Sendable, CaseIterable {
    /// One-time or prepaid purchase awaiting payment (§3); never entitles.
    case pending
    /// A pending purchase that was canceled (§3); never entitles.
    case pendingCanceled
    /// A paid one-time purchase, not consumed (§1); entitles.
    case purchased
    /// A consumed one-time purchase (§5); its credit was given, it no longer entitles.
    case consumed
    /// Voided: refunded with revoke, charged back, revoked or auto-refunded (§4, §8); never entitles.
    case voided
    /// `SUBSCRIPTION_STATE_ACTIVE`, silent grace included (§6.1, §6.3); entitles.
    case active
    /// `SUBSCRIPTION_STATE_IN_GRACE_PERIOD` (§6.3); entitles.
    case inGracePeriod
    /// `SUBSCRIPTION_STATE_ON_HOLD` (§6.3); never entitles.
    case onHold
    /// `SUBSCRIPTION_STATE_PAUSED` (§6.4); never entitles.
    case paused
    /// `SUBSCRIPTION_STATE_CANCELED` with a future `expiryTime` (§6.5); entitles until expiry.
    case canceled
    /// `SUBSCRIPTION_STATE_EXPIRED` (§6.5); never entitles.
    case expired
    /// Replaced by a plan change or a re-signup (§7); never entitles.
    case replaced

    /// Whether a token in this status entitles its product (§15.1 rules 1–2).
    public var entitles: Bool {
        switch self {
        case .purchased, .active, .inGracePeriod, .canceled: return true
        default: return false
        }
    }
}

/// A token's status and the products it entitled at one moment: what the app was last told.
public struct PlayTokenView: Hashable, Sendable {
    /// The status.
    public var status: PlayTokenStatus
    /// The products it entitled (empty unless `status.entitles`).
    public var entitled: [String]
}

extension PlayModel {
    /// The status of token `index` now.
    public func status(of index: Int) -> PlayTokenStatus {
        let t = tokens[index]
        if t.voided != nil { return .voided }
        if t.replacedBy != nil { return .replaced }
        switch t.purchaseState {
        case .pending: return .pending
        case .pendingCanceled: return .pendingCanceled
        case .purchased: break
        }
        guard let s = t.subscription else { return t.consumed ? .consumed : .purchased }
        switch s.phase {
        case .active, .silentGrace:
            // §6.1: a prepaid plan reads ACTIVE until it runs out; it cannot be canceled.
            let prepaid = catalog.basePlan(t.basePlan ?? "")?.kind == .prepaid
            if s.autoRenew || s.deferredFrom != nil || prepaid { return .active }
            return s.expiry > now ? .canceled : .expired
        case .grace: return s.autoRenew ? .inGracePeriod : .canceled
        case .onHold: return .onHold
        case .paused: return .paused
        case .ended: return .expired
        }
    }

    /// The products token `index` entitles now: its product, or during a `DEFERRED`
    /// replacement the old plan's product (§7).
    public func entitledProducts(of index: Int) -> [String] {
        guard status(of: index).entitles else { return [] }
        if let old = tokens[index].subscription?.deferredFrom, let product = catalog.subscription(ofPlan: old) { return [product] }
        return tokens[index].products
    }

    /// Token `index`'s status and entitled products now.
    public func view(of index: Int) -> PlayTokenView {
        PlayTokenView(status: status(of: index), entitled: entitledProducts(of: index))
    }

    /// What a correct app grants: from the true state of every token a message named to it
    /// (`knowsEverything`, a subject with a backend that reads RTDNs and the API) or from what Play told the app (a client-only app, §15.1 rule 5).
    public func expectedEntitlements(knowsEverything: Bool) -> [String] {
        var products: [String] = []
        for i in tokens.indices {
            // A token a stale query contradicted is the app's choice (`clientLeeway`, V-CLIENT-CACHE-LAG).
            let told = knowledge[i].fresher == nil ? seen[i]?.entitled ?? [] : []
            // A backend knows a token once a message named it (V-RTDN-DELAY / LOSS); then it can read the API.
            let entitled = knowsEverything ? (knowledge[i].namedToBackend ? entitledProducts(of: i) : []) : told
            for p in entitled where !products.contains(p) { products.append(p) }
        }
        return products.sorted()
    }

    /// The credits a correct app has given for consumable `product`: `quantity` once per token it
    /// knows as paid (a backend: could read as paid, V-RTDN-DELAY) (§5, B6, B7); `withoutVoided` leaves
    /// out voided tokens (claw-back, §8), and `withoutRefundedUnits` also the units of quantity-based
    /// partial refunds (§5: `quantity` minus what was refunded).
    public func expectedCredit(_ product: String, knowsEverything: Bool, withoutVoided: Bool, withoutRefundedUnits: Bool = false) -> Int {
        var total = 0
        for (i, t) in tokens.enumerated() where t.product == product && t.basePlan == nil && t.purchasedAt != nil {
            let known = knowsEverything ? knowledge[i].backendSawPaid : seenPaid[i]
            guard known else { continue }
            if withoutVoided, t.voided != nil { continue }
            total += t.quantity - (withoutRefundedUnits ? t.refundedQuantity : 0)
        }
        return total
    }

    /// The balances of consumable `product` a correct app may show, the full credit first: §8 it may
    /// keep a refund's units or claw back every voided token's, and §5 also every partially refunded unit.
    public func acceptedCredits(_ product: String, knowsEverything: Bool) -> [Int] {
        let full = expectedCredit(product, knowsEverything: knowsEverything, withoutVoided: false)
        let clawed = expectedCredit(product, knowsEverything: knowsEverything, withoutVoided: true)
        let unitwise = expectedCredit(product, knowsEverything: knowsEverything, withoutVoided: true, withoutRefundedUnits: true)
        return [full] + (clawed == full ? [] : [clawed]) + (unitwise == clawed ? [] : [unitwise])
    }

    /// The index of the token whose string is `token`.
    public func index(ofToken token: String) -> Int? {
        guard token.hasPrefix("token-"), let n = Int(token.dropFirst(6)), n >= 1, n <= tokens.count else { return nil }
        return n - 1
    }
}
