/// Why a shrink ended, with text for people.
public struct ShrinkStopReason: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case fixedPoint, evaluationBudget, stallLimit, timeLimit
    }

    let kind: Kind

    /// A whole round of passes made no progress: the result is a local minimum of every pass.
    public static let fixedPoint = ShrinkStopReason(kind: .fixedPoint)
    /// The shrinker used its allowed number of test-function calls.
    public static let evaluationBudget = ShrinkStopReason(kind: .evaluationBudget)
    /// Too many calls in a row made no progress.
    public static let stallLimit = ShrinkStopReason(kind: .stallLimit)
    /// The shrinker ran out of wall-clock time.
    public static let timeLimit = ShrinkStopReason(kind: .timeLimit)

    /// Whether the shrink stopped early because of a cap rather than at a fixed point.
    public var isCap: Bool { kind != .fixedPoint }

    /// A sentence saying why shrinking stopped.
    public var description: String {
        switch kind {
        case .fixedPoint: "reached a fixed point: a full round of passes made no progress"
        case .evaluationBudget: "stopped at the evaluation budget"
        case .stallLimit: "stopped at the stall limit: too many calls in a row made no progress"
        case .timeLimit: "stopped at the time limit"
        }
    }
}

/// Calls and successes of one named shrink pass over a whole shrink.
public struct ShrinkPassStatistics: Hashable, Sendable {
    /// The pass's name, such as `"delete span runs"`.
    public let name: String
    /// Test-function calls the pass made (cache hits excluded).
    public var calls: Int
    /// Calls that produced a smaller interesting sequence.
    public var successes: Int
}

/// The outcome of a shrink: the smallest interesting sequence found, and how it was found.
public struct ShrinkResult: Sendable {
    /// The shortlex-smallest interesting sequence found (the input itself if nothing was smaller).
    public let sequence: ChoiceSequence
    /// The spans recorded when ``sequence`` was run.
    public let spans: [Span]
    /// Calls made to the test function.
    public let evaluations: Int
    /// Candidates answered from the cache or ruled out without a call.
    public let cacheHits: Int
    /// How many times a smaller interesting sequence was accepted.
    public let improvements: Int
    /// Rounds of passes run.
    public let rounds: Int
    /// Why shrinking ended.
    public let stopReason: ShrinkStopReason
    /// Per-pass statistics, in the order the passes run.
    public let passes: [ShrinkPassStatistics]
    /// Wall-clock time spent shrinking.
    public let duration: Duration

    /// Whether a cap (budget, stall or time limit) ended the shrink.
    public var capHit: Bool { stopReason.isCap }
}
