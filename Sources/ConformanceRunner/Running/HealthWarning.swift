import PurchaseStateMachine

/// A health warning: an event kind or renewal state that generated histories rarely reached,
/// so bugs behind it would rarely be found (after Hypothesis's health checks).
public struct HealthWarning: Hashable, Sendable {
    /// `event:KIND` or `state:STATE`, as the statistics table spells it.
    public var label: String
    /// The share of histories that reached it (0…1).
    public var share: Double
    /// The share below which a warning is given.
    public var threshold: Double

    /// One line for reports: the label, the share and the threshold.
    public var text: String {
        "⚠ health: \(label) reached in \(String(format: "%.2f", share * 100))% of histories "
            + "(below \(String(format: "%.2f", threshold * 100))%)"
    }
}

extension CoverageCounts {
    /// The generated event kinds and, when the catalog has auto-renewable subscriptions, the
    /// renewal states reached in fewer than `threshold` of the histories counted.
    public func healthWarnings(kinds: [EventKind], subscriptions: Bool, threshold: Double) -> [HealthWarning] {
        guard histories > 0, threshold > 0 else { return [] }
        var out: [HealthWarning] = []
        for (i, kind) in EventKind.allCases.enumerated() where kinds.contains(kind) {
            let share = Double(historiesWithKind[i]) / Double(histories)
            if share < threshold { out.append(HealthWarning(label: "event:\(kind.rawValue)", share: share, threshold: threshold)) }
        }
        guard subscriptions else { return out }
        for (i, state) in RenewalState.allCases.enumerated() {
            let share = Double(historiesWithState[i]) / Double(histories)
            if share < threshold { out.append(HealthWarning(label: "state:\(state.rawValue)", share: share, threshold: threshold)) }
        }
        return out
    }
}
