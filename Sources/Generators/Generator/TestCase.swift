/// The draw object of one test case: it supplies choices and records them, with their spans.
///
/// A test case runs in one of two modes. In *random* mode it draws from a seeded
/// ``Xoshiro256StarStar`` and stops with ``GenerationStop/overrun`` after `maxChoices` draws.
/// In *replay* mode it hands back a recorded prefix of shrink indices, clamping each to the
/// bound of the draw that reads it, and throws ``GenerationStop/overrun`` when the prefix runs
/// out. Either way, ``choices`` holds what was actually drawn, so the recording of a replay is
/// never larger (shortlex) than its prefix.
///
/// One instance can serve many cases: ``reset(seed:)`` and ``reset(replaying:)`` keep the
/// buffers' capacity. A test case is not thread-safe; use one per thread.
public final class TestCase {
    /// The default limit on draws per case in random mode.
    public static let defaultMaxChoices = 8192

    // The hot buffers skip dynamic exclusivity checks: a test case is used by one thread at a
    // time and never hands out overlapping accesses to them.
    @exclusivity(unchecked) var random: Xoshiro256StarStar
    @exclusivity(unchecked) var prefix: [UInt64]
    @exclusivity(unchecked) var cursor = 0
    @exclusivity(unchecked) var replaying: Bool
    /// Whether replay turns into random drawing when the prefix runs out (instead of overrunning).
    @exclusivity(unchecked) @usableFromInline var continuesAfterPrefix = false
    @exclusivity(unchecked) @usableFromInline var recorded: [Choice] = []
    @exclusivity(unchecked) var spanList: [Span] = []
    @exclusivity(unchecked) var openSpans: [Int] = []
    var eventList: [String] = []
    var rejectedByFilters = 0
    @exclusivity(unchecked) var recursionDepth = 0

    /// The largest number of draws allowed in random mode.
    @exclusivity(unchecked) public private(set) var maxChoices: Int
    /// The seed of a random-mode case; `nil` in replay mode.
    public private(set) var seed: Seed?

    /// Creates a random-mode case drawing from `seed`.
    public init(seed: Seed, maxChoices: Int = TestCase.defaultMaxChoices) {
        self.random = Xoshiro256StarStar(seed: seed)
        self.seed = seed
        self.prefix = []
        self.replaying = false
        self.maxChoices = maxChoices
        recorded.reserveCapacity(Swift.min(maxChoices, 256))
    }

    /// Creates a replay-mode case that reads the given shrink indices in order.
    public init(replaying values: [UInt64]) {
        self.random = Xoshiro256StarStar(seed: 0)
        self.seed = nil
        self.prefix = values
        self.replaying = true
        self.maxChoices = values.count
        recorded.reserveCapacity(values.count)
    }

    /// Creates a replay-mode case that reads the indices of a recorded sequence.
    public convenience init(replaying sequence: ChoiceSequence) {
        self.init(replaying: sequence.values)
    }

    /// Starts a new random-mode case from `seed`, keeping buffer capacity.
    public func reset(seed: Seed, maxChoices: Int? = nil) {
        continuesAfterPrefix = false
        random = Xoshiro256StarStar(seed: seed)
        self.seed = seed
        replaying = false
        prefix.removeAll(keepingCapacity: true)
        if let maxChoices { self.maxChoices = maxChoices }
        clearRecording()
    }

    /// Starts a case that replays `values` and then draws at random from `seed` (a kept prefix
    /// with a fresh tail, for coverage-guided generation), keeping buffer capacity.
    public func reset(seed: Seed, prefix values: [UInt64]) {
        random = Xoshiro256StarStar(seed: seed)
        self.seed = seed
        replaying = !values.isEmpty
        continuesAfterPrefix = true
        prefix = values
        maxChoices = TestCase.defaultMaxChoices
        clearRecording()
    }

    /// Starts a new replay-mode case reading `values`, keeping buffer capacity.
    public func reset(replaying values: [UInt64]) {
        continuesAfterPrefix = false
        seed = nil
        replaying = true
        prefix = values
        maxChoices = values.count
        clearRecording()
    }

    private func clearRecording() {
        cursor = 0
        recorded.removeAll(keepingCapacity: true)
        spanList.removeAll(keepingCapacity: true)
        openSpans.removeAll(keepingCapacity: true)
        eventList.removeAll(keepingCapacity: true)
        rejectedByFilters = 0
        recursionDepth = 0
    }

    /// Whether the case replays recorded choices rather than drawing random ones.
    public var isReplay: Bool { replaying }

    /// The shrink indices a replay-mode case reads, in order (empty in random mode).
    public var replayPrefix: [UInt64] { prefix }

    /// The draws made so far, in order.
    public var choices: [Choice] { recorded }

    /// The draws made so far, as a sequence that can be compared, replayed or tokenised.
    public var choiceSequence: ChoiceSequence { ChoiceSequence(recorded) }

    /// The spans recorded so far; a span still open ends at the current draw.
    public var spans: [Span] {
        if openSpans.isEmpty { return spanList }
        var result = spanList
        for index in openSpans { result[index].end = recorded.count }
        return result
    }

    /// The labels recorded with ``event(_:)`` during this case, in order.
    public var events: [String] { eventList }

    /// How many values `filter` generators threw away during this case.
    public var filterRejections: Int { rejectedByFilters }

    /// Records a label for statistics (Hypothesis's `event`, QuickCheck's `label`).
    public func event(_ label: String) {
        eventList.append(label)
    }

    /// Adds `count` values thrown away by a filter to this case's tally.
    public func noteFilterRejections(_ count: Int) {
        rejectedByFilters += count
    }
}
