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
}

/// Google's answer to a reply.
public enum PlayReplyResult: String, Hashable, Sendable {
    /// Done.
    case ok = "OK"
    /// The token is unknown, not owned, already consumed or a subscription (`ITEM_NOT_OWNED`, §5).
    case itemNotOwned = "ITEM_NOT_OWNED"
    /// The purchase is pending, voided, consumed or already acknowledged (`ERROR`; V-REACK; §3, §4).
    case error = "ERROR"
}

extension PlayModel {
    /// Applies the subject's acknowledgement or consumption and returns Google's answer.
    @discardableResult
    public mutating func apply(reply: PlayReply) -> PlayReplyResult {
        guard let i = index(ofToken: reply.token) else { return .itemNotOwned }
        switch reply {
        case .acknowledge:
            // §3: never while PENDING; a voided or consumed purchase is no longer owned.
            guard tokens[i].purchaseState == .purchased, tokens[i].voided == nil, !tokens[i].consumed else { return .error }
            // §4 V-REACK: a second acknowledgement fails, or succeeds as a no-op; either way nothing changes.
            if tokens[i].acknowledged { return variations.reacknowledgeSucceeds ? .ok : .error }
            tokens[i].acknowledged = true
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
