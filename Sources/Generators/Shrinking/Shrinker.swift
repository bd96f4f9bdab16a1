/// Shrinks a failing choice sequence to a shortlex-smaller one that still fails the same way.
///
/// The shrinker never looks at values, only at choices: it proposes smaller sequences, the
/// caller replays each one through the same generator and property, and a candidate is kept
/// when the caller answers ``ShrinkVerdict/interesting``. Because the generator runs again,
/// preconditions that depend on earlier draws stay valid for free.
///
/// Named passes run in a fixed order, in rounds, until a round makes no progress; see
/// ``Shrinker/passNames``. Only strictly smaller candidates are tried, each distinct candidate
/// at most once, and the spans of the latest accepted run guide the next proposals. The same
/// input and test function always give the same result.
public struct Shrinker: Sendable {
    /// Limits that bound a shrink.
    public struct Configuration: Hashable, Sendable {
        /// The most test-function calls one shrink may make.
        public var maxEvaluations: Int
        /// Stop after this many calls in a row without an improvement.
        public var stallLimit: Int
        /// Stop after this much wall-clock time, if set.
        public var timeLimit: Duration?
        /// How many candidates the two-choice pass ("lower a choice and re-choose a later
        /// item's lead") may try at each fixed point of the other passes; 0 turns it off.
        ///
        /// It lets stateful generators (whose items change meaning when an earlier item
        /// changes) escape local minima no single-choice move leaves; plain data rarely needs it.
        public var rechooseBudget: Int

        /// Creates limits; the defaults are 5,000 calls, a stall limit of 2,000, no time limit
        /// and no two-choice pass.
        public init(maxEvaluations: Int = 5_000, stallLimit: Int = 2_000, timeLimit: Duration? = nil, rechooseBudget: Int = 0) {
            self.maxEvaluations = maxEvaluations
            self.stallLimit = stallLimit
            self.timeLimit = timeLimit
            self.rechooseBudget = rechooseBudget
        }
    }

    /// The limits this shrinker applies.
    public var configuration: Configuration

    /// Creates a shrinker with the given limits.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The names of the passes, in the order each round runs them.
    public static var passNames: [String] { ShrinkPass.allCases.map(\.name) }

    /// Shrinks `initial`, which must be interesting, using `test` to judge candidates.
    ///
    /// - Parameters:
    ///   - initial: the failing run's choices.
    ///   - spans: the failing run's spans.
    ///   - test: replays the candidate held by the given test case through the generator and
    ///     property, and says whether it still fails the same way. The test case is only valid
    ///     during the call.
    public func shrink(
        _ initial: ChoiceSequence,
        spans: [Span],
        test: (TestCase) -> ShrinkVerdict
    ) -> ShrinkResult {
        withoutActuallyEscaping(test) { test in
            let engine = ShrinkEngine(initial: initial, spans: spans, configuration: configuration, test: test)
            return engine.run()
        }
    }
}
