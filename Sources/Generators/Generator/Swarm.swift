/// A per-case subset of enabled alternatives, for swarm testing (Groce et al., 2012).
///
/// Drawing every kind of action in every case makes some bugs hard to reach (a queue that is
/// never empty because pushes are always mixed in). A swarm draws one flag per alternative at
/// the start of the case and leaves some alternatives out of the whole case. The flags are
/// ordinary choices whose index 0 means "enabled", so the shrinker moves toward "all enabled".
/// Pass the swarm to ``Gen/oneOf(_:swarm:)`` or ``Gen/frequency(_:swarm:)``, or ask
/// ``enabled(_:)`` from imperative code.
public struct Swarm: Hashable, Sendable {
    /// The number of alternatives the swarm covers.
    public let count: Int
    private let disabled: [Bool]

    /// A swarm with every alternative enabled (swarm testing switched off).
    public static func allEnabled(_ count: Int) -> Swarm {
        Swarm(count: count, disabled: Array(repeating: false, count: Swift.max(count, 0)))
    }

    private init(count: Int, disabled: [Bool]) {
        self.count = count
        self.disabled = disabled
    }

    /// Whether alternative `index` may be drawn in this case; out-of-range indices are disabled.
    public func enabled(_ index: Int) -> Bool {
        disabled.indices.contains(index) && !disabled[index]
    }

    /// The enabled alternatives in ascending order.
    public var enabledIndices: [Int] {
        disabled.indices.filter { !disabled[$0] }
    }

    /// Draws the flags for `count` alternatives; with `isOn == false` draws nothing and enables all.
    ///
    /// Each alternative is disabled with probability ½. If every flag comes out disabled, all
    /// alternatives are enabled instead, so a swarm never leaves nothing to draw.
    public static func draw(count: Int, in testCase: TestCase, isOn: Bool = true) throws(GenerationStop) -> Swarm {
        guard isOn, count > 1 else { return allEnabled(count) }
        testCase.startSpan(.swarm)
        defer { testCase.endSpan() }
        var flags: [Bool] = []
        flags.reserveCapacity(count)
        for _ in 0..<count {
            flags.append(try testCase.drawBool(probability: 0.5))
        }
        if !flags.contains(false) { return allEnabled(count) }
        return Swarm(count: count, disabled: flags)
    }

    /// A generator of swarms for `count` alternatives; switched off it always enables all.
    public static func gen(count: Int, isOn: Bool = true) -> Gen<Swarm> {
        Gen { testCase in try draw(count: count, in: testCase, isOn: isOn) }
    }
}
