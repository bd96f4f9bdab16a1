extension StoreModel {
    /// The first date of the state past `Instant.latestSupported`, named, or nil when every
    /// date can be written (only checked near the end of the supported range).
    func dateBeyondSupported() -> (what: String, date: Instant)? {
        let limit = Instant.latestSupported
        if state.deviceNow > limit { return ("the device clock", state.deviceNow) }
        for record in state.records {
            let t = record.transaction
            if let date = t.expirationDate, date > limit { return ("the expiration of transaction #\(t.id)", date) }
        }
        for group in state.groups {
            for line in [group.own, group.shared].compactMap({ $0 }) {
                if line.expiration > limit { return ("the end of a subscription period", line.expiration) }
                if let end = line.graceEnd, end > limit { return ("the end of a billing grace period", end) }
                if let end = line.retryEnd, end > limit { return ("the end of billing retry", end) }
            }
        }
        return nil
    }

    /// Whether `event` moves the clock into the range where derived dates are checked.
    func isAdvancePastGuard(_ event: Event) -> Bool {
        guard case .advanceTime(let duration) = event else { return false }
        return state.now.adding(duration) >= Instant.writableGuardStart
    }
}
