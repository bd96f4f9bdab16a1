import Generators
import PurchaseStateMachine

/// A label that must be reached: "`label` in at least `minimumShare` of histories".
public struct CoverageRequirement: Hashable, Sendable {
    /// A label of `CoverageCounts.labels`, such as `state:inGracePeriod`.
    public var label: String
    /// The least share of histories (events, for event and state labels) that must reach it, 0…1.
    public var minimumShare: Double

    /// Creates a requirement.
    public init(label: String, minimumShare: Double = 0) {
        self.label = label
        self.minimumShare = minimumShare
    }
}
