import Generators
import PurchaseStateMachine

/// What a Google Play campaign's histories exercised (`check --stats`): the events of each kind,
/// the events after which some purchase token was in each status, and the histories drawn with
/// each value of each store variation. Counts are kept in the order of `PlayEventKind.allCases`,
/// `PlayTokenStatus.allCases` and `PlayVariationAxis.all`, so no dictionary order reaches output.
public struct PlayCoverage: Hashable, Sendable {
    /// Histories counted.
    public private(set) var histories = 0
    /// Events counted.
    public private(set) var events = 0
    private var kinds = [Int](repeating: 0, count: PlayEventKind.allCases.count)
    private var statuses = [Int](repeating: 0, count: PlayTokenStatus.allCases.count)
    private var variations: [[Int]] = PlayVariationAxis.all.map { [Int](repeating: 0, count: $0.domain.count) }

    /// No histories yet.
    public init() {}

    /// Counts one history drawn with `drawn`.
    mutating func record(_ drawn: PlayVariations) {
        histories += 1
        for (a, axis) in PlayVariationAxis.all.enumerated() {
            if let v = axis.domain.firstIndex(of: axis.value(in: drawn)) { variations[a][v] += 1 }
        }
    }

    /// Counts `event`, after which `model` is as it is now.
    mutating func record(_ event: PlayEvent, model: PlayModel) {
        events += 1
        if let k = PlayEventKind.allCases.firstIndex(of: event.kind) { kinds[k] += 1 }
        var seen = [Bool](repeating: false, count: statuses.count)
        for i in model.tokens.indices {
            if let s = PlayTokenStatus.allCases.firstIndex(of: model.status(of: i)) { seen[s] = true }
        }
        for (s, present) in seen.enumerated() where present { statuses[s] += 1 }
    }

    /// Adds another campaign slice's counts.
    public mutating func merge(_ other: PlayCoverage) {
        histories += other.histories
        events += other.events
        for i in kinds.indices { kinds[i] += other.kinds[i] }
        for i in statuses.indices { statuses[i] += other.statuses[i] }
        for a in variations.indices { for v in variations[a].indices { variations[a][v] += other.variations[a][v] } }
    }

    /// Every row, in a fixed order: `event:KIND` and `status:STATUS` (shares of events), then each
    /// variation's non-default values (shares of histories): `variation:KEY` for a switch turned
    /// from its default, `KEY:VALUE` for a number.
    public var rows: [StatisticsTable.Row] {
        var rows: [StatisticsTable.Row] = []
        for (k, kind) in PlayEventKind.allCases.enumerated() { rows.append(.init(label: "event:\(kind.rawValue)", count: kinds[k], perEvent: true)) }
        for (s, status) in PlayTokenStatus.allCases.enumerated() {
            rows.append(.init(label: "status:\(status.rawValue)", count: statuses[s], perEvent: true))
        }
        for (a, axis) in PlayVariationAxis.all.enumerated() {
            for (v, value) in axis.domain.enumerated().dropFirst() {
                let label = axis.isSwitch ? "variation:\(axis.key)" : "\(axis.key):\(value)"
                rows.append(.init(label: label, count: variations[a][v], perEvent: false))
            }
        }
        return rows
    }

    /// The statistics table, as the App Store's `--stats` prints it.
    public func rendered() -> String { StatisticsTable(histories: histories, events: events, rows: rows).rendered() }

    /// The counts as JSON (`"coverage"` of a `--json --stats` report), label to count in row order.
    public var json: JSONValue { .object(rows.map { (key: $0.label, value: .int(Int64($0.count))) }) }
}

extension PlayCoverage {
    /// The rows with a non-zero count, as observation features.
    var features: [CaseObservation.Feature] {
        rows.filter { $0.count > 0 }.map { CaseObservation.Feature(label: $0.label, count: $0.count) }
    }
}

extension PlayCoverage: CampaignCoverage {
    /// The requirements not met, each row a share of events or of histories as `rows` says.
    public func shortfalls(_ requirements: [CoverageRequirement]) -> [(requirement: CoverageRequirement, reached: Double)] {
        let rows = self.rows
        return requirements.compactMap { requirement in
            let row = rows.first { $0.label == requirement.label }
            let count = row?.count ?? 0
            let share = Double(count) / Double(max(1, row?.perEvent ?? false ? events : histories))
            return count == 0 || share * 100 < requirement.minimumPercentage ? (requirement, share) : nil
        }
    }
}
