/// The coarse shape of one subscription line, for telling model situations apart (issue 11):
/// its renewal state, whether it renews, and whether its current period started late.
public struct LineShape: Hashable, Sendable {
    /// The line's renewal state.
    public var state: RenewalState
    /// Whether the line renews at the end of its period.
    public var willAutoRenew: Bool
    /// Whether the latest transaction was bought after its period's scheduled start: a billing
    /// recovery in grace keeps the billing anchor, so the period is shorter than the product's.
    public var startedLate: Bool

    /// Creates a shape.
    public init(state: RenewalState, willAutoRenew: Bool, startedLate: Bool) {
        self.state = state
        self.willAutoRenew = willAutoRenew
        self.startedLate = startedLate
    }

    /// Hashes the shape as one byte (exploration hashes a shape per line per event).
    public func hash(into hasher: inout Hasher) {
        let index: UInt8
        switch state {
        case .subscribed: index = 0
        case .expired: index = 1
        case .inBillingRetryPeriod: index = 2
        case .inGracePeriod: index = 3
        case .revoked: index = 4
        }
        hasher.combine(index << 2 | (willAutoRenew ? 2 : 0) | (startedLate ? 1 : 0))
    }
}

extension StoreModel {
    /// The shape of every subscription line, group by group, own line before the shared one.
    public var lineShapes: [LineShape] {
        var shapes: [LineShape] = []
        for group in state.groups {
            for line in [group.own, group.shared] {
                guard let line else { continue }
                let latest = state.records[line.latest].transaction
                let start = line.anchor.adding(line.anchorPeriod.times(max(0, line.periodsSinceAnchor - 1)))
                shapes.append(
                    LineShape(state: line.state, willAutoRenew: line.willAutoRenew, startedLate: latest.purchaseDate > start))
            }
        }
        return shapes
    }
}
