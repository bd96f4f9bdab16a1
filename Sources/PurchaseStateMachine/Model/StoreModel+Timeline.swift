extension StoreModel {
    /// The earliest instant, no later than `limit`, at which the store changes a subscription
    /// by itself (a renewal, a failed charge, the end of grace or of billing retry), or nil.
    ///
    /// Reports use it to split an `advanceTime` at the moments a subscription changes state:
    /// applying `advanceTime` up to each such instant in turn reaches the same state as one
    /// `advanceTime` over the whole span (§7 processes due changes in time order).
    public func nextScheduledChange(notAfter limit: Instant) -> Instant? {
        var earliest: Instant?
        for group in state.groups {
            for line in [group.own, group.shared] {
                guard let line, let due = dueTime(line), due <= limit else { continue }
                if earliest.map({ due < $0 }) ?? true { earliest = due }
            }
        }
        return earliest
    }
}
