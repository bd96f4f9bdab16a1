/// Counts gathered over a property run: valid and invalid cases, filter rejections and labels.
///
/// Labels come from ``TestCase/event(_:)`` (or ``Gen/classified(_:)``); each label counts at
/// most once per case, and only valid cases are counted. Label lists are sorted, so output is
/// the same in every process.
public struct Statistics: Hashable, Sendable {
    /// Cases that produced a value and ran the body to a verdict.
    public internal(set) var validCases = 0
    /// Cases rejected by `assume`/`reject`, by an exhausted filter, or by hitting the choice limit.
    public internal(set) var invalidCases = 0
    /// Invalid cases rejected by a precondition (`assume` or `reject`).
    public internal(set) var preconditionRejections = 0
    /// Invalid cases whose filter rejected every attempt.
    public internal(set) var filterExhaustions = 0
    /// Invalid cases that needed more choices than allowed.
    public internal(set) var overruns = 0
    /// Values thrown away by filters across all cases (the attempts before a success included).
    public internal(set) var filterRejections = 0
    private var counts: [String: Int] = [:]

    /// Creates empty statistics.
    public init() {}

    /// How many valid cases recorded each label, sorted by label.
    public var labelCounts: [LabelCount] {
        counts.keys.sorted().map { LabelCount(label: $0, cases: counts[$0] ?? 0) }
    }

    /// How many valid cases recorded `label`.
    public func cases(labelled label: String) -> Int {
        counts[label] ?? 0
    }

    /// The percentage (0–100) of valid cases that recorded `label`; 0 when there were none.
    public func percentage(of label: String) -> Double {
        validCases == 0 ? 0 : Double(cases(labelled: label)) * 100 / Double(validCases)
    }

    /// The requirements that these statistics fail, in the order given.
    public func shortfalls(for requirements: [CoverageRequirement]) -> [CoverageShortfall] {
        requirements.compactMap { requirement in
            let observed = percentage(of: requirement.label)
            return observed < requirement.minimumPercentage || cases(labelled: requirement.label) == 0
                ? CoverageShortfall(
                    requirement: requirement, observedPercentage: observed, cases: cases(labelled: requirement.label),
                    validCases: validCases)
                : nil
        }
    }

    /// Counts a valid case and its labels (duplicates within the case count once).
    mutating func recordValid(events: [String], filterRejections rejected: Int) {
        validCases += 1
        filterRejections += rejected
        var seen: [String] = []
        for label in events where !seen.contains(label) {
            seen.append(label)
            counts[label, default: 0] += 1
        }
    }

    /// Counts an invalid case and why it was invalid.
    mutating func recordInvalid(_ stop: GenerationStop, filterRejections rejected: Int) {
        invalidCases += 1
        filterRejections += rejected
        switch stop.kind {
        case .rejected: preconditionRejections += 1
        case .filterExhausted: filterExhaustions += 1
        case .overrun: overruns += 1
        case .invalidArgument: break
        }
    }

    /// A one-line summary of the invalid cases by reason.
    public var rejectionSummary: String {
        "\(invalidCases) invalid (\(preconditionRejections) by precondition, \(filterExhaustions) by filter exhaustion, \(overruns) by choice limit); \(filterRejections) values discarded by filters"
    }
}

/// The number of valid cases that recorded one label.
public struct LabelCount: Hashable, Sendable {
    /// The label.
    public let label: String
    /// Valid cases that recorded it.
    public let cases: Int
}
