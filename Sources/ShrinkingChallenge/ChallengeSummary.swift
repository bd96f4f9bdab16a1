/// The per-variant row of the brief's tables (§1.3), computed from run records.
public struct ChallengeSummary: Hashable, Sendable {
    /// A shrunk value and the share of finding runs that reached it.
    public struct Result: Hashable, Sendable {
        /// The rendered value.
        public let value: String
        /// How many finding runs ended on it.
        public let runs: Int

        /// Creates a result row.
        public init(value: String, runs: Int) {
            self.value = value
            self.runs = runs
        }
    }

    /// Mean, minimum, maximum and median of a list of numbers.
    public struct Spread: Hashable, Sendable {
        /// The arithmetic mean.
        public let mean: Double
        /// The smallest value.
        public let min: Double
        /// The largest value.
        public let max: Double
        /// The median (mean of the middle two for an even count).
        public let median: Double

        init(_ numbers: [Double]) {
            let sorted = numbers.sorted()
            guard let first = sorted.first, let last = sorted.last else {
                self.mean = 0
                self.min = 0
                self.max = 0
                self.median = 0
                return
            }
            self.mean = sorted.reduce(0, +) / Double(sorted.count)
            self.min = first
            self.max = last
            let middle = sorted.count / 2
            self.median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// The variant's name.
    public let variant: String
    /// Runs recorded.
    public let runs: Int
    /// Runs that found a failure.
    public let found: Int
    /// Distinct shrunk values over the finding runs.
    public let distinct: Int
    /// Shrunk values by frequency (most common first, ties by text).
    public let results: [Result]
    /// Finding runs whose result equals the ideal.
    public let idealRuns: Int
    /// Finding runs whose result has the ideal's size.
    public let sizeMinimalRuns: Int
    /// Runs whose shrink was stopped by a cap.
    public let capHits: Int
    /// Shrink evaluations over the finding runs.
    public let evaluations: Spread
    /// Shrink wall time (ms) over the finding runs.
    public let shrinkMilliseconds: Spread
    /// Total wall time (ms) over all runs.
    public let totalMilliseconds: Spread

    /// Summarises the records of one variant.
    public init(variant: String, records: [ChallengeRunRecord]) {
        let finding = records.filter(\.found)
        var counts: [String: Int] = [:]
        for record in finding { counts[record.shrunk ?? "", default: 0] += 1 }
        self.variant = variant
        self.runs = records.count
        self.found = finding.count
        self.distinct = counts.count
        self.results = counts.map { Result(value: $0.key, runs: $0.value) }
            .sorted { $0.runs != $1.runs ? $0.runs > $1.runs : $0.value < $1.value }
        self.idealRuns = finding.filter(\.ideal).count
        self.sizeMinimalRuns = finding.filter(\.sizeMinimal).count
        self.capHits = finding.filter(\.capHit).count
        self.evaluations = Spread(finding.map { Double($0.shrinkEvals) })
        self.shrinkMilliseconds = Spread(finding.map(\.wallMsShrink))
        self.totalMilliseconds = Spread(records.map(\.wallMsTotal))
    }

    /// The share (0–100) of finding runs that reached the ideal.
    public var idealPercentage: Double { found == 0 ? 0 : Double(idealRuns) * 100 / Double(found) }
    /// The share (0–100) of finding runs that reached the minimal size.
    public var sizeMinimalPercentage: Double { found == 0 ? 0 : Double(sizeMinimalRuns) * 100 / Double(found) }

    /// The row in the brief's table shape, labelled `engine` and pointing at `source`.
    public func markdownRow(engine: String, source: String) -> String {
        let top = results.prefix(2).map {
            "`\($0.value)` \(percent(Double($0.runs) * 100 / Double(Swift.max(found, 1))))"
        }
        .joined(separator: "; ")
        let cells = [
            engine,
            found == runs ? "\(runs)" : "\(found) of \(runs) found a failure",
            "\(distinct)",
            top.isEmpty ? "–" : top,
            percent(idealPercentage),
            percent(sizeMinimalPercentage),
            "\(decimal(evaluations.mean)) (\(decimal(evaluations.min, places: 0))–\(decimal(evaluations.max, places: 0))); med \(decimal(evaluations.median, places: isWhole(evaluations.median) ? 0 : 1))",
            "shrink \(decimal(shrinkMilliseconds.mean, places: 2)) (\(decimal(shrinkMilliseconds.min, places: 2))–\(decimal(shrinkMilliseconds.max, places: 2))); total \(decimal(totalMilliseconds.mean, places: 2))",
            source,
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }
}

func percent(_ value: Double) -> String {
    decimal(value, places: isWhole(value) ? 0 : 1) + "%"
}

/// Rounds half away from zero using only integer conversion (no libm call), clamping to `Int`.
func roundToInt(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? .max : (value < 0 ? .min : 0) }
    if value >= 9.2e18 { return .max }
    if value <= -9.2e18 { return .min }
    return value >= 0 ? Int(value + 0.5) : -Int(-value + 0.5)
}

/// Whether `value` has no fractional part.
func isWhole(_ value: Double) -> Bool {
    Double(roundToInt(value)) == value
}

/// Formats `value` with a fixed number of decimals, without Foundation (or libm).
func decimal(_ value: Double, places: Int = 1) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = roundToInt(value * Double(scale))
    let sign = scaled < 0 ? "-" : ""
    let whole = scaled.magnitude / UInt(scale)
    guard places > 0 else { return sign + "\(whole)" }
    let digits = String(scaled.magnitude % UInt(scale))
    return sign + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
}
