import Generators

/// `bound5`: five lists of Int16, each of length 0...10 and filtered on a wrapping sum below
/// 256; the wrapping sum of everything must stay below 1280. Ideal `([], [], [], [-1], [-32768])`.
public struct Bound5Problem: ShrinkingChallengeProblem {
    /// The five lists.
    public typealias Value = [[Int16]]

    /// The longest list: 10 in the brief's spec, 1 in the easier variant Hypothesis ran.
    public let maxLength: Int

    /// Creates the problem; `maxLength: 1` gives the easier variant of Hypothesis's report.
    public init(maxLength: Int = 10) {
        self.maxLength = maxLength
    }

    /// The brief's name for the variant (`bound5`), or `bound5_max1` for the easier variant.
    public var name: String { maxLength == 10 ? "bound5" : "bound5_max\(maxLength)" }

    /// Five `[Int16]` of length `0...10` (or `0...maxLength`), each filtered on `wrappingSum < 256`.
    public var generator: Gen<[[Int16]]> {
        let list = Gen.int(in: Int(Int16.min)...Int(Int16.max)).map { Int16($0) }
            .array(of: 0...maxLength)
            .filter { Self.wrappingSum($0) < 256 }
        return Gen.zip(Gen.zip(list, list, list, list), list).map { [$0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.1] }
    }

    /// The 16-bit wrapping sum of all elements of all lists is below 1280.
    public func holds(_ value: [[Int16]]) -> Bool {
        Self.wrappingSum(value.flatMap { $0 }) < 1280
    }

    /// Sums with wrapping 16-bit addition (plain `+` would trap, and the challenge needs the wrap).
    static func wrappingSum(_ values: [Int16]) -> Int16 {
        values.reduce(0, &+)
    }

    /// `([…], […], […], […], […])`.
    public func render(_ value: [[Int16]]) -> String {
        "(" + value.map { renderList($0) }.joined(separator: ", ") + ")"
    }
    /// `([], [], [], [-1], [-32768])`.
    public var idealRenderings: [String] { ["([], [], [], [-1], [-32768])"] }
    /// Exactly two non-empty lists, each with one element.
    public func isSizeMinimal(_ value: [[Int16]]) -> Bool {
        value.filter { !$0.isEmpty }.count == 2 && value.allSatisfy { $0.count <= 1 }
    }
}
