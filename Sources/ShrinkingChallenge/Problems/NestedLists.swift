import Generators

/// `nestedlists`: lists of lists of zeros hold at most 10 elements in total.
/// Ideal: one inner list of 11 zeros.
public struct NestedListsProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "nestedlists" }
    /// `[[Int]]` whose elements come from `0...0`.
    public var generator: Gen<[[Int]]> { Gen.int(in: 0...0).array().array() }
    /// At most ten elements over all inner lists.
    public func holds(_ value: [[Int]]) -> Bool { value.reduce(0) { $0 + $1.count } <= 10 }
    /// `[[…], […]]` in full.
    public func render(_ value: [[Int]]) -> String { "[" + value.map { renderList($0) }.joined(separator: ", ") + "]" }
    /// `[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]`.
    public var idealRenderings: [String] { ["[" + renderList(Array(repeating: 0, count: 11)) + "]"] }
    /// A single inner list (which must then hold 11 zeros).
    public func isSizeMinimal(_ value: [[Int]]) -> Bool { value.count == 1 }
}
