import Generators

/// `deletion`: a list of Int32-range integers and an index in 0...10 (assumed valid); after
/// removing the first occurrence of `ls[i]`, it must be gone. Ideal `ls=[0, 0], i=0`.
public struct DeletionProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "deletion" }
    /// Independent `[Int]` (Int32 range) and `Int` in `0...10`.
    public var generator: Gen<([Int], Int)> { Gen.zip(Gen.int(in: int32Range).array(), Gen.int(in: 0...10)) }
    /// Removing the first occurrence of `ls[i]` removes every occurrence (fails on duplicates).
    public func holds(_ value: ([Int], Int)) throws -> Bool {
        var (list, index) = value
        try Property.assume(index < list.count)
        let element = list[index]
        if let first = list.firstIndex(of: element) { list.remove(at: first) }
        return !list.contains(element)
    }
    /// `ls=[…], i=k`.
    public func render(_ value: ([Int], Int)) -> String { "ls=\(renderList(value.0)), i=\(value.1)" }
    /// `ls=[0, 0], i=0`.
    public var idealRenderings: [String] { ["ls=[0, 0], i=0"] }
    /// A list of two equal values.
    public func isSizeMinimal(_ value: ([Int], Int)) -> Bool { value.0.count == 2 && value.0[0] == value.0[1] }
}
