/// What the subject asks of Google Play while handling a message: acknowledge or consume a token (§4, §5).
public enum PlayReply: Hashable, Sendable {
    /// `acknowledgePurchase` (client) or `purchases.*.acknowledge` (server).
    case acknowledge(token: String)
    /// `consumeAsync` (client) or `purchases.products.consume` (server); counts as acknowledgement.
    case consume(token: String)

    /// The token the reply names.
    public var token: String {
        switch self {
        case .acknowledge(let t), .consume(let t): return t
        }
    }

    /// The call's name on the wire: `acknowledge` or `consume`.
    public var call: String {
        switch self {
        case .acknowledge: return "acknowledge"
        case .consume: return "consume"
        }
    }
}

/// Google's answer to a reply: the `BillingResponseCode` of `onAcknowledgePurchaseResponse` or
/// `onConsumeResponse` (§2.2), whose raw value is the code's name.
public enum PlayReplyResult: String, Hashable, Sendable, CaseIterable {
    /// Done.
    case ok = "OK"
    /// The token is unknown, not owned, already consumed or a subscription (`ITEM_NOT_OWNED`, §5).
    case itemNotOwned = "ITEM_NOT_OWNED"
    /// The purchase is pending, voided, consumed or already acknowledged (`ERROR`; V-REACK; §3, §4).
    case error = "ERROR"
    /// The service is unavailable for now; nothing changed and a later call may succeed (V-REPLY-TRANSIENT, §2.2).
    case serviceUnavailable = "SERVICE_UNAVAILABLE"
    /// The app is not connected to the Play Store service; nothing changed (V-REPLY-TRANSIENT, §2.2).
    case serviceDisconnected = "SERVICE_DISCONNECTED"
    /// A network error; nothing changed (V-REPLY-TRANSIENT, §2.2).
    case networkError = "NETWORK_ERROR"

    /// The numeric `BillingResponseCode` (§2.2; `NETWORK_ERROR`'s 12 is [OBS]).
    public var code: Int {
        switch self {
        case .ok: return 0
        case .itemNotOwned: return 8
        case .error: return 6
        case .serviceUnavailable: return 2
        case .serviceDisconnected: return -1
        case .networkError: return 12
        }
    }

    /// Whether the answer is a passing fault after which the same call may be retried (§2.2).
    public var isTransient: Bool { self == .serviceUnavailable || self == .serviceDisconnected || self == .networkError }

    /// The answer whose numeric code is `code`, if the model produces it.
    public init?(code: Int) {
        guard let r = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = r
    }
}

extension PlayModel {
    /// Applies the subject's acknowledgement or consumption and returns Google's answer.
    ///
    /// Under V-REPLY-TRANSIENT the first call naming each token answers the variation's transient
    /// code and changes nothing, when `transientFaults` allows it (the runner allows it only for
    /// subjects that hear the answers, so the fault cannot pass unseen).
    @discardableResult
    public mutating func apply(reply: PlayReply, transientFaults: Bool = true) -> PlayReplyResult {
        guard let i = index(ofToken: reply.token) else { return .itemNotOwned }
        // §2.2 V-REPLY-TRANSIENT: a passing fault on the first call for this token; a retry goes through.
        if transientFaults, !tokens[i].replyFaulted, let fault = PlayReplyResult(code: variations.transientReplyError), fault.isTransient {
            tokens[i].replyFaulted = true
            return fault
        }
        switch reply {
        case .acknowledge:
            // §3: never while PENDING; a voided or consumed purchase is no longer owned.
            guard tokens[i].purchaseState == .purchased, tokens[i].voided == nil, !tokens[i].consumed else { return .error }
            // §4 V-REACK: a second acknowledgement fails, or succeeds as a no-op; either way nothing changes.
            if tokens[i].acknowledged { return variations.reacknowledgeSucceeds ? .ok : .error }
            tokens[i].acknowledged = true
            tokens[i].acknowledgedAt = now
            tokens[i].ackDeadline = nil
        case .consume:
            // §5: only an owned, unconsumed one-time purchase can be consumed; it counts as acknowledged.
            guard tokens[i].subscription == nil, tokens[i].purchaseState == .purchased, !tokens[i].consumed,
                tokens[i].voided == nil
            else { return tokens[i].purchaseState == .pending ? .error : .itemNotOwned }
            tokens[i].consumed = true
            tokens[i].acknowledged = true
            tokens[i].ackDeadline = nil
        }
        // The app learns that its consumption or acknowledgement went through; under
        // V-CLIENT-CACHE-LAG an acknowledgement tells it nothing fresher about the token's state.
        if seen[i] != nil, variations.clientCacheLag == 0 || reply == .consume(token: reply.token) {
            seen[i] = view(of: i)
            knowledge[i].fresher = nil
        }
        return .ok
    }
}
