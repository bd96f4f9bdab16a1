import Generators
import Testing

/// A tiny purchase-like history: the shape ConformanceRunner's histories have.
private enum Step: Equatable, Sendable, CustomStringConvertible {
    case purchase(product: Int)
    case advance(days: Int)
    case refund
    case cancel

    var description: String {
        switch self {
        case .purchase(let product): "purchase(\(product))"
        case .advance(let days): "advance(\(days))"
        case .refund: "refund"
        case .cancel: "cancel"
        }
    }

    /// "Keep going? → one step (kind index, then parameters)".
    static let history = Gen.frequency([
        (1, Gen.int(in: 0...3).map { Step.purchase(product: $0) }),
        (3, Gen.int(in: 0...400).map { Step.advance(days: $0) }),
        (1, Gen.constant(Step.refund)),
        (1, Gen.constant(Step.cancel)),
    ]).array(of: 0...50, averageLength: 20)

    /// The planted bug: a refund or cancel 30 or more days after a purchase is accepted.
    static func fails(_ steps: [Step]) -> Bool {
        var daysSincePurchase: Int?
        for step in steps {
            switch step {
            case .purchase: daysSincePurchase = 0
            case .advance(let days): daysSincePurchase = daysSincePurchase.map { $0 + days }
            case .refund, .cancel: if let days = daysSincePurchase, days >= 30 { return true }
            }
        }
        return false
    }
}

@Suite("Shrinking stateful histories to their true minimum")
struct GeneratorsStatefulShrinkingTests {
    private let minimum: [Step] = [.purchase(product: 0), .advance(days: 30), .refund]

    /// Shrinks the history recorded by `testCase` and returns the shrunk history.
    private func shrink(_ testCase: TestCase) throws -> [Step] {
        let result = Shrinker().shrink(testCase.choiceSequence, spans: testCase.spans) { candidate in
            guard let steps = try? Step.history.generate(candidate) else { return .invalid }
            return Step.fails(steps) ? .interesting : .notInteresting
        }
        return try Step.history.generate(TestCase(replaying: result.sequence))
    }

    /// Records a handmade history as choices: coin, kind index, parameter index.
    private func recorded(_ steps: [Step]) throws -> TestCase {
        var values: [UInt64] = []
        for step in steps {
            switch step {
            case .purchase(let product): values += [1, 0, UInt64(product)]
            case .advance(let days): values += [1, 1, UInt64(days)]
            case .refund: values += [1, 2]
            case .cancel: values += [1, 3]
            }
        }
        let testCase = TestCase(replaying: values + [0])
        #expect(try Step.history.generate(testCase) == steps)
        return testCase
    }

    @Test("Generated failing histories shrink to purchase, advance(30), refund", arguments: 0..<8)
    func generatedHistories(seed: Int) throws {
        let result = Property.check(Step.history, seed: Seed(UInt64(seed)), maxCases: 500) { !Step.fails($0) }
        let counterexample = try #require(result.counterexample)
        #expect(counterexample.shrunk == minimum)
    }

    @Test("Two advances of the same kind merge into one whose days add up")
    func mergesAdvances() throws {
        let history = try recorded([.purchase(product: 2), .advance(days: 12), .advance(days: 25), .refund])
        #expect(try shrink(history) == minimum)
    }

    @Test("A step's kind shrinks by lowering its index (cancel becomes refund)")
    func lowersKind() throws {
        let history = try recorded([.purchase(product: 1), .advance(days: 45), .cancel])
        #expect(try shrink(history) == minimum)
    }

    @Test("Binary search finds the smallest sufficient number of days")
    func binarySearchesDays() throws {
        let history = try recorded([.purchase(product: 0), .advance(days: 399), .refund])
        #expect(try shrink(history) == minimum)
    }

    @Test("Irrelevant steps before and after the failure are deleted")
    func deletesIrrelevantSteps() throws {
        let history = try recorded([
            .cancel, .advance(days: 3), .purchase(product: 3), .refund, .advance(days: 40), .purchase(product: 1),
            .advance(days: 31), .cancel, .advance(days: 2), .purchase(product: 2),
        ])
        #expect(try shrink(history) == minimum)
    }
}
