/// A recipe for drawing values of one type from a ``TestCase``.
///
/// A generator is a plain function over the draw object, so generators compose by ordinary
/// function composition and every value they produce can be replayed from its recorded
/// choices. Build generators from the primitives (``int(in:shrinkingTowards:)``, ``bool``,
/// ``element(of:)``, ``constant(_:)``) and combinators (``map(_:)``, ``flatMap(_:)``,
/// ``zip(_:_:)``, ``oneOf(_:)``, ``frequency(_:)``, ``filter(maxAttempts:_:)``,
/// ``array(of:averageLength:)``, ``recursive(maxDepth:leaves:branches:)``).
public struct Gen<Value>: Sendable {
    /// The draw function: reads choices from the case and builds a value.
    public let draw: @Sendable (TestCase) throws -> Value

    /// Wraps a draw function; it should take all its randomness from the test case.
    public init(_ draw: @escaping @Sendable (TestCase) throws -> Value) {
        self.draw = draw
    }

    /// Draws one value from `testCase`.
    @inlinable
    public func generate(_ testCase: TestCase) throws -> Value {
        try draw(testCase)
    }

    /// Draws one value from a fresh random case seeded with `seed`.
    public func sample(seed: Seed, maxChoices: Int = TestCase.defaultMaxChoices) throws -> Value {
        try draw(TestCase(seed: seed, maxChoices: maxChoices))
    }

    /// Rebuilds the value recorded in a replay token; throws ``GenerationStop`` if it no longer fits.
    public func replay(_ token: ReplayToken) throws -> Value {
        try draw(TestCase(replaying: token.sequence))
    }
}

extension Gen {
    /// Transforms every drawn value; shrinking still works on the underlying choices.
    @inlinable
    public func map<Mapped>(_ transform: @escaping @Sendable (Value) throws -> Mapped) -> Gen<Mapped> {
        Gen<Mapped> { testCase in try transform(try draw(testCase)) }
    }

    /// Draws a value, then draws from a generator chosen by it (monadic bind).
    ///
    /// The second generator's choices follow the first's in the same sequence, so the shrinker
    /// can lower the first value and replay the rest against it.
    @inlinable
    public func flatMap<Next>(_ next: @escaping @Sendable (Value) throws -> Gen<Next>) -> Gen<Next> {
        Gen<Next> { testCase in try next(try draw(testCase)).draw(testCase) }
    }

    /// Keeps only values that satisfy `predicate`, retrying up to `maxAttempts` times.
    ///
    /// Each attempt is a span; failed attempts are marked discarded so the shrinker deletes
    /// them first. When every attempt fails the draw throws ``GenerationStop/filterExhausted``,
    /// which makes the case invalid instead of hanging.
    @inlinable
    public func filter(maxAttempts: Int = 10, _ predicate: @escaping @Sendable (Value) throws -> Bool) -> Gen<Value> {
        Gen { testCase in
            for _ in 0..<Swift.max(maxAttempts, 1) {
                testCase.startSpan(.filterAttempt)
                let value = try draw(testCase)
                if try predicate(value) {
                    testCase.endSpan()
                    return value
                }
                testCase.endSpan(discard: true)
                testCase.noteFilterRejections(1)
            }
            throw GenerationStop(
                .filterExhausted, detail: "\(Swift.max(maxAttempts, 1)) attempts in a row were rejected")
        }
    }

    /// Wraps every draw of this generator in a span with `label`.
    @inlinable
    public func labelled(_ label: SpanLabel) -> Gen<Value> {
        Gen { testCase in
            testCase.startSpan(label)
            defer { testCase.endSpan() }
            return try draw(testCase)
        }
    }

    /// Records `classify(value)` as a statistics label for every drawn value.
    @inlinable
    public func classified(_ classify: @escaping @Sendable (Value) -> String) -> Gen<Value> {
        Gen { testCase in
            let value = try draw(testCase)
            testCase.event(classify(value))
            return value
        }
    }
}
