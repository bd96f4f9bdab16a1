import Generators

/// One variant of the public shrinking challenge: a generator, a property, and how to judge
/// the shrunk result.
///
/// Generators use only ordinary public ``Gen`` combinators, exactly as the brief's "Engine spec"
/// line says: no custom shrinkers and no per-problem tuning.
public protocol ShrinkingChallengeProblem: Sendable {
    /// The generated value.
    associatedtype Value

    /// The variant's name in the brief, such as `"large_union_list"`.
    var name: String { get }
    /// The generator, built per the brief's engine spec.
    var generator: Gen<Value> { get }
    /// Whether the property holds; may call `Property.assume` for the variant's precondition.
    func holds(_ value: Value) throws -> Bool
    /// The value in the brief's notation (§2); distinctness and ideal-matching use this text.
    func render(_ value: Value) -> String
    /// Renderings that count as the ideal result (usually one).
    var idealRenderings: [String] { get }
    /// Whether the value has the minimal size (shape and element count) of the ideal.
    func isSizeMinimal(_ value: Value) -> Bool
}

/// Renders a list of integers as `[0, 1, -1]`.
func renderList<Element: BinaryInteger>(_ list: [Element]) -> String {
    "[" + list.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// The integer range of the brief's 32-bit generators, held in `Int`.
let int32Range = Int(Int32.min)...Int(Int32.max)
