import Generators

/// An expression of the calculator challenge: an integer literal, a sum or a quotient.
public indirect enum CalculatorExpression: Hashable, Sendable {
    /// An integer literal.
    case literal(Int)
    /// The sum of two expressions.
    case add(CalculatorExpression, CalculatorExpression)
    /// The truncating quotient of two expressions.
    case div(CalculatorExpression, CalculatorExpression)

    /// The number of nodes in the expression.
    public var size: Int {
        switch self {
        case .literal: 1
        case .add(let left, let right), .div(let left, let right): 1 + left.size + right.size
        }
    }

    /// Whether no division anywhere has the literal 0 as its right operand (the precondition).
    public var hasNoLiteralZeroDivisor: Bool {
        switch self {
        case .literal: return true
        case .add(let left, let right): return left.hasNoLiteralZeroDivisor && right.hasNoLiteralZeroDivisor
        case .div(let left, let right):
            if case .literal(0) = right { return false }
            return left.hasNoLiteralZeroDivisor && right.hasNoLiteralZeroDivisor
        }
    }

    /// The value, or `nil` when some division has a zero divisor; sums wrap, and `Int.min / -1`
    /// is reported as an overflow rather than trapping (it yields the wrapped quotient).
    public func evaluate() -> Int? {
        switch self {
        case .literal(let value): return value
        case .add(let left, let right):
            guard let l = left.evaluate(), let r = right.evaluate() else { return nil }
            return l &+ r
        case .div(let left, let right):
            guard let l = left.evaluate(), let r = right.evaluate(), r != 0 else { return nil }
            return l.dividedReportingOverflow(by: r).partialValue
        }
    }

    /// Infix form with parentheses around compound operands, e.g. `0/(0+0)`.
    public var rendered: String { render(top: true) }

    private func render(top: Bool) -> String {
        switch self {
        case .literal(let value): return "\(value)"
        case .add(let left, let right):
            let text = left.render(top: false) + "+" + right.render(top: false)
            return top ? text : "(" + text + ")"
        case .div(let left, let right):
            let text = left.render(top: false) + "/" + right.render(top: false)
            return top ? text : "(" + text + ")"
        }
    }
}

/// `calculator`: expressions weighted literal 3 : add 1 : div 1 with Int32-range literals and
/// bounded depth; assuming no literal-zero divisor, evaluation never divides by zero.
/// Ideal `0/(0+0)`.
public struct CalculatorProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "calculator" }

    /// Weights 3 : 1 : 1 and the engine's default recursion depth bound.
    public var generator: Gen<CalculatorExpression> {
        Gen.recursive(
            leaves: [(3, Gen.int(in: int32Range).map { CalculatorExpression.literal($0) })],
            branches: { expression in
                [
                    (1, Gen.zip(expression, expression).map { CalculatorExpression.add($0, $1) }),
                    (1, Gen.zip(expression, expression).map { CalculatorExpression.div($0, $1) }),
                ]
            })
    }

    /// Evaluation never divides by zero (under the precondition, applied as `assume`).
    public func holds(_ value: CalculatorExpression) throws -> Bool {
        try Property.assume(value.hasNoLiteralZeroDivisor)
        return value.evaluate() != nil
    }

    /// Infix form, e.g. `0/(0+0)`.
    public func render(_ value: CalculatorExpression) -> String { value.rendered }
    /// `0/(0+0)`.
    public var idealRenderings: [String] { ["0/(0+0)"] }
    /// Any five-node counterexample.
    public func isSizeMinimal(_ value: CalculatorExpression) -> Bool { value.size == 5 }
}
