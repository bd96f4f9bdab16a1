import Generators

/// `distinct`: a list of Int32-range integers holds fewer than 3 distinct values.
/// Ideal `[0, 1, -1]` (the challenge page also accepts `[0, 1, 2]`).
public struct DistinctProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "distinct" }
    /// `[Int]` with Int32-range elements.
    public var generator: Gen<[Int]> { Gen.int(in: int32Range).array() }
    /// Fewer than three distinct values.
    public func holds(_ value: [Int]) -> Bool { Set(value).count < 3 }
    /// `[a, b, …]`.
    public func render(_ value: [Int]) -> String { renderList(value) }
    /// `[0, 1, -1]` or `[0, 1, 2]`.
    public var idealRenderings: [String] { ["[0, 1, -1]", "[0, 1, 2]"] }
    /// Any three-element list of distinct values.
    public func isSizeMinimal(_ value: [Int]) -> Bool { value.count == 3 }
}
