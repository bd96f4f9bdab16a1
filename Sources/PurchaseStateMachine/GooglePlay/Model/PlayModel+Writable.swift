extension PlayModel {
    /// The first date a token holds past `Instant.latestSupported`, named, or nil when every
    /// date can be written (only checked near the end of the supported range).
    func dateBeyondSupported() -> (what: String, date: Instant)? {
        let limit = Instant.latestSupported
        for token in tokens {
            if let date = token.ackDeadline, date > limit { return ("the acknowledgement deadline of \(token.tokenString)", date) }
            if let date = token.preorderRelease, date > limit { return ("the pre-order release of \(token.tokenString)", date) }
            guard let subscription = token.subscription else { continue }
            if subscription.expiry > limit { return ("the expiryTime of \(token.tokenString)", subscription.expiry) }
            if subscription.anchor > limit { return ("the renewal date of \(token.tokenString)", subscription.anchor) }
        }
        return nil
    }
}
