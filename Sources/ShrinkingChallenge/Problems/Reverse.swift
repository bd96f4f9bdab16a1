import Generators

/// `reverse`: a list of Int32-range integers equals its own reversal. Ideal `[0, 1]`.
public struct ReverseProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "reverse" }
    /// `[Int]` with Int32-range elements and the default length.
    public var generator: Gen<[Int]> { Gen.int(in: int32Range).array() }
    /// The list reads the same backwards.
    public func holds(_ value: [Int]) -> Bool { value == value.reversed() }
    /// `[a, b, …]`.
    public func render(_ value: [Int]) -> String { renderList(value) }
    /// `[0, 1]`.
    public var idealRenderings: [String] { ["[0, 1]"] }
    /// Any two-element non-palindrome.
    public func isSizeMinimal(_ value: [Int]) -> Bool { value.count == 2 }
}
