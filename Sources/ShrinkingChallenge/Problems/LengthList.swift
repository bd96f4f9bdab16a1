import Generators

/// `lengthlist`: a length `n` in 1...100 bound (flatMap) to `n` integers in 0...1000; the
/// maximum must stay below 900. Ideal `[900]`.
public struct LengthListProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "lengthlist" }
    /// `Gen.int(1...100).flatMap { n in Gen.int(0...1000).array(count: n) }`.
    public var generator: Gen<[Int]> {
        Gen.int(in: 1...100).flatMap { count in Gen.int(in: 0...1000).array(count: count) }
    }
    /// The largest element is below 900.
    public func holds(_ value: [Int]) -> Bool { (value.max() ?? 0) < 900 }
    /// `[a, b, …]`.
    public func render(_ value: [Int]) -> String { renderList(value) }
    /// `[900]`.
    public var idealRenderings: [String] { ["[900]"] }
    /// A one-element list.
    public func isSizeMinimal(_ value: [Int]) -> Bool { value.count == 1 }
}
