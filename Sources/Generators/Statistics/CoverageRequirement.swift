/// A demand that a label occurs in a minimum share of valid cases (QuickCheck's `cover`), and in
/// at least one: a label never reached misses even a 0 % requirement.
///
/// Property runs count the share among valid cases; conformance campaigns among histories, or
/// among events for `event:`, `state:` and `situation:` labels.
public struct CoverageRequirement: Hashable, Sendable, CustomStringConvertible {
    /// The label that must occur.
    public let label: String
    /// The smallest acceptable percentage (0–100) of valid cases recording the label.
    public let minimumPercentage: Double

    /// Requires `label` in at least `percentage` percent of valid cases (by default: in one).
    public init(_ label: String, atLeast percentage: Double = 0) {
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

/// Formats a percentage with at most one decimal, without Foundation (or libm).
func formatPercentage(_ value: Double) -> String {
    let tenths = roundToInt(value * 10)
    let sign = tenths < 0 ? "-" : ""
    let whole = tenths.magnitude / 10
    let fraction = tenths.magnitude % 10
    return sign + (fraction == 0 ? "\(whole)" : "\(whole).\(fraction)")
}

/// Rounds half away from zero using only integer conversion (no libm call), clamping to `Int`.
func roundToInt(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? .max : (value < 0 ? .min : 0) }
    if value >= 9.2e18 { return .max }
    if value <= -9.2e18 { return .min }
    return value >= 0 ? Int(value + 0.5) : -Int(-value + 0.5)
}
