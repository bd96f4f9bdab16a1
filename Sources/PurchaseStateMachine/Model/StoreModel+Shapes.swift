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

    /// Hashes the shape as one byte, its `code`.
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(truncatingIfNeeded: code)) }
}

extension LineShape {
    /// The shape as a nonzero five-bit code (1…20), for keys packed several shapes to an integer.
    public var code: UInt64 {
        let index: UInt64
        switch state {
        case .subscribed: index = 0
        case .expired: index = 1
        case .inBillingRetryPeriod: index = 2
        case .inGracePeriod: index = 3
        case .revoked: index = 4
        }
        return 1 + (index << 2 | (willAutoRenew ? 2 : 0) | (startedLate ? 1 : 0))
    }
}

extension StoreModel {
    /// The shape of every subscription line, group by group, own line before the shared one.
    public var lineShapes: [LineShape] {
        var shapes: [LineShape] = []
        forEachLineShape { shapes.append($0) }
        return shapes
    }

    /// `lineShapes` packed five bits a line, the first line lowest (so equal packings are equal
    /// shapes); nil when there are more than twelve lines. Builds no array: exploration asks
    /// for it after every event.
    public var packedLineShapes: UInt64? {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        var fits = true
        forEachLineShape { shape in
            guard shift < 60 else { return fits = false }
            packed |= shape.code << shift
            shift += 5
        }
        return fits ? packed : nil
    }

    /// Calls `body` with the shape of every subscription line, in `lineShapes`' order.
    private func forEachLineShape(_ body: (LineShape) -> Void) {
        for group in state.groups {
            if let own = group.own { body(shape(of: own)) }
            if let shared = group.shared { body(shape(of: shared)) }
        }
    }

    private func shape(of line: SubscriptionLine) -> LineShape {
        let latest = state.records[line.latest].transaction
        let start = line.anchor.adding(line.anchorPeriod.times(max(0, line.periodsSinceAnchor - 1)))
        return LineShape(state: line.state, willAutoRenew: line.willAutoRenew, startedLate: latest.purchaseDate > start)
    }
}
