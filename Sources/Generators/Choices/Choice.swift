/// One recorded draw: the shrink index that was chosen and the bounds it was chosen within.
///
/// `value` is a *shrink index*: 0 is the simplest value the draw could produce and larger
/// indices are more complex. For an integer drawn in a range with a shrink target, indices
/// visit the target first and then alternate sides, positive first: `t, t+1, t−1, t+2, t−2, …`,
/// skipping values outside the range. `belowTarget` (how many values of the range lie below
/// the target) lets the shrinker turn an index back into a signed offset, so it can move an
/// amount from one integer to another; it is 0 for every other kind of draw.
public struct Choice: Hashable, Sendable {
    /// The shrink index chosen; always in `0...max`.
    public var value: UInt64
    /// The largest index this draw allowed (inclusive); 0 marks a forced draw.
    public var max: UInt64
    /// For integer draws, the number of values of the range below the shrink target; else 0.
    public var belowTarget: UInt64

    /// Creates a choice; `value` and `belowTarget` must not exceed `max`.
    @inlinable
    public init(value: UInt64, max: UInt64, belowTarget: UInt64 = 0) {
        self.value = value
        self.max = max
        self.belowTarget = belowTarget
    }

    /// Whether the draw had only one possible outcome, so the shrinker can never change it.
    @inlinable
    public var isForced: Bool { max == 0 }
}

extension Choice {
    /// Number of indices, after 0, that alternate between the two sides of the target.
    @inlinable
    static func alternatingReach(max: UInt64, belowTarget: UInt64) -> UInt64 {
        Swift.min(max &- belowTarget, belowTarget)
    }

    /// Converts a shrink index into a signed distance from the target.
    @inlinable
    static func offset(
        ofIndex index: UInt64, max: UInt64, belowTarget: UInt64
    ) -> (negative: Bool, magnitude: UInt64) {
        if index == 0 { return (false, 0) }
        let reach = alternatingReach(max: max, belowTarget: belowTarget)
        if index <= reach &* 2 {
            return index & 1 == 1 ? (false, index / 2 &+ 1) : (true, index / 2)
        }
        let beyond = reach &+ (index &- reach &* 2)
        return (max &- belowTarget > belowTarget) ? (false, beyond) : (true, beyond)
    }

    /// Converts a signed distance from the target into its shrink index.
    @inlinable
    static func index(
        ofOffset magnitude: UInt64, negative: Bool, max: UInt64, belowTarget: UInt64
    ) -> UInt64 {
        if magnitude == 0 { return 0 }
        let reach = alternatingReach(max: max, belowTarget: belowTarget)
        if magnitude <= reach {
            return negative ? magnitude &* 2 : magnitude &* 2 &- 1
        }
        return reach &* 2 &+ (magnitude &- reach)
    }

    /// This choice's signed distance from its target, or `nil` when it would not fit in `Int64`.
    var signedOffset: Int64? {
        let (negative, magnitude) = Choice.offset(ofIndex: value, max: max, belowTarget: belowTarget)
        if negative { return magnitude <= 1 << 63 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The index of the value at `offset` from the target, or `nil` when that value is outside the range.
    func index(ofSignedOffset offset: Int64) -> UInt64? {
        let magnitude = offset.magnitude
        if offset < 0 {
            guard magnitude <= belowTarget else { return nil }
        } else {
            guard magnitude <= max &- belowTarget else { return nil }
        }
        return Choice.index(ofOffset: magnitude, negative: offset < 0, max: max, belowTarget: belowTarget)
    }
}
