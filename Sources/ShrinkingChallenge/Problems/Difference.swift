import Generators

/// The three `difference` variants: two integers in `1...Int32.max`; the test passes when
/// `first < 10`, else it requires something of `d = abs(first - second)`.
public struct DifferenceProblem: ShrinkingChallengeProblem {
    /// Which requirement on the difference the variant makes.
    public enum Requirement: String, Sendable, CaseIterable {
        /// `d ≠ 0`; ideal `(10, 10)`.
        case notZero = "difference_must_not_be_zero"
        /// `d ∉ 1...4`; ideal `(10, 6)`.
        case notSmall = "difference_must_not_be_small"
        /// `d ≠ 1`; ideal `(10, 9)`.
        case notOne = "difference_must_not_be_one"
    }

    /// The variant's requirement.
    public let requirement: Requirement

    /// Creates the variant with the given requirement.
    public init(_ requirement: Requirement) {
        self.requirement = requirement
    }

    /// The brief's name for the variant.
    public var name: String { requirement.rawValue }

    /// Two `Int` in `1...Int(Int32.max)` from the engine's default (small-biased) distribution.
    public var generator: Gen<(Int, Int)> {
        let positive = Gen.int(in: 1...Int(Int32.max))
        return Gen.zip(positive, positive)
    }

    /// Passes when `first < 10`, else checks the variant's requirement on the difference.
    public func holds(_ value: (Int, Int)) -> Bool {
        let (first, second) = value
        if first < 10 { return true }
        let difference = abs(first - second)
        switch requirement {
        case .notZero: return difference != 0
        case .notSmall: return !(1...4).contains(difference)
        case .notOne: return difference != 1
        }
    }

    /// `(first, second)`.
    public func render(_ value: (Int, Int)) -> String { "(\(value.0), \(value.1))" }

    /// `(10, 10)`, `(10, 6)` or `(10, 9)`.
    public var idealRenderings: [String] {
        switch requirement {
        case .notZero: ["(10, 10)"]
        case .notSmall: ["(10, 6)"]
        case .notOne: ["(10, 9)"]
        }
    }

    /// Equal to the ideal (size-min equals ideal for these variants).
    public func isSizeMinimal(_ value: (Int, Int)) -> Bool { idealRenderings.contains(render(value)) }
}
