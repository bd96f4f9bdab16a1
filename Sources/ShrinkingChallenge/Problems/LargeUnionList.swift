import Generators

/// `large_union_list`: lists of lists of Int32-range integers holding at most 4 distinct
/// values in total. Ideal `[[0, 1, -1, 2, -2]]`.
public struct LargeUnionListProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "large_union_list" }
    /// `[[Int]]` with Int32-range elements and default lengths.
    public var generator: Gen<[[Int]]> { Gen.int(in: int32Range).array().array() }
    /// At most four distinct values over all inner lists.
    public func holds(_ value: [[Int]]) -> Bool { Set(value.joined()).count <= 4 }
    /// `[[…], […]]`.
    public func render(_ value: [[Int]]) -> String { "[" + value.map { renderList($0) }.joined(separator: ", ") + "]" }
    /// `[[0, 1, -1, 2, -2]]`.
    public var idealRenderings: [String] { ["[[0, 1, -1, 2, -2]]"] }
    /// One inner list of exactly five distinct values.
    public func isSizeMinimal(_ value: [[Int]]) -> Bool { value.count == 1 && value[0].count == 5 }
}
