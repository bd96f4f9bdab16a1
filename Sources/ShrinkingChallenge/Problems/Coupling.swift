import Generators

/// `coupling`: lists of integers in 0...10, assuming every element is a valid index; no two
/// elements may point at each other. Ideal `[1, 0]`.
public struct CouplingProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "coupling" }
    /// `[Int]` with elements in `0...10` and the default length.
    public var generator: Gen<[Int]> { Gen.int(in: 0...10).array() }
    /// No 2-cycle, under the precondition that every element is below the length.
    public func holds(_ value: [Int]) throws -> Bool {
        try Property.assume(value.allSatisfy { $0 < value.count })
        for (index, target) in value.enumerated() where target != index && value[target] == index {
            return false
        }
        return true
    }
    /// `[a, b, …]`.
    public func render(_ value: [Int]) -> String { renderList(value) }
    /// `[1, 0]`.
    public var idealRenderings: [String] { ["[1, 0]"] }
    /// Two elements (only `[1, 0]` fails at that length).
    public func isSizeMinimal(_ value: [Int]) -> Bool { value.count == 2 }
}
