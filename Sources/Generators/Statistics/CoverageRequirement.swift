/// A demand that a label occurs in a minimum share of valid cases (QuickCheck's `cover`).
public struct CoverageRequirement: Hashable, Sendable, CustomStringConvertible {
    /// The label that must occur.
    public let label: String
    /// The smallest acceptable percentage (0–100) of valid cases recording the label.
    public let minimumPercentage: Double

    /// Requires `label` in at least `percentage` percent of valid cases.
    public init(_ label: String, atLeast percentage: Double) {
        self.label = label
        self.minimumPercentage = percentage
    }

    /// The requirement as text, such as `"empty" in ≥ 10%`.
    public var description: String { "\"\(label)\" in ≥ \(formatPercentage(minimumPercentage))% of cases" }
}

/// A coverage requirement that a run did not meet, with what was observed.
public struct CoverageShortfall: Hashable, Sendable, CustomStringConvertible {
    /// The requirement that failed.
    public let requirement: CoverageRequirement
    /// The percentage of valid cases that recorded the label.
    public let observedPercentage: Double
    /// Valid cases that recorded the label.
    public let cases: Int
    /// Valid cases in the run.
    public let validCases: Int

    /// A sentence naming the label, the requirement and the observed share.
    public var description: String {
        "label \"\(requirement.label)\" occurred in \(formatPercentage(observedPercentage))% of cases (\(cases) of \(validCases)); required at least \(formatPercentage(requirement.minimumPercentage))%"
    }
}

/// Formats a percentage with at most one decimal, without Foundation.
func formatPercentage(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let whole = Int(tenths / 10)
    let fraction = Int(abs(tenths.truncatingRemainder(dividingBy: 10)))
    return fraction == 0 ? "\(whole)" : "\(whole).\(fraction)"
}
