extension Gen where Value == Int {
    /// Integers in `range` that shrink toward `target` (clamped into the range).
    ///
    /// The default target 0 becomes the bound nearest to zero when 0 is outside the range.
    public static func int(in range: ClosedRange<Int>, shrinkingTowards target: Int = 0) -> Gen<Int> {
        Gen { testCase in try testCase.drawInteger(in: range, shrinkingTowards: target) }
    }
}

extension Gen where Value == UInt64 {
    /// Raw shrink indices in `0...max`, drawn uniformly and shrinking toward 0.
    public static func unsigned(upTo max: UInt64) -> Gen<UInt64> {
        Gen { testCase in try testCase.drawUnsigned(upTo: max) }
    }
}

extension Gen where Value == Bool {
    /// Fair coin flips that shrink toward `false`.
    public static var bool: Gen<Bool> { bool(probability: 0.5) }

    /// Booleans that are `true` with probability `p` and shrink toward `false`.
    public static func bool(probability p: Double) -> Gen<Bool> {
        Gen { testCase in try testCase.drawBool(probability: p) }
    }
}

extension Gen where Value == Double {
    /// Doubles on a grid of 2⁵³ + 1 evenly spaced points across `range`, shrinking toward its lower bound.
    ///
    /// Both bounds must be finite; otherwise the draw throws ``GenerationStop/invalidArgument(_:)``.
    public static func double(in range: ClosedRange<Double>) -> Gen<Double> {
        Gen { testCase in
            guard range.lowerBound.isFinite, range.upperBound.isFinite else {
                throw GenerationStop.invalidArgument("double(in:) needs finite bounds, got \(range)")
            }
            let steps: UInt64 = 1 << 53
            let index = try testCase.drawUnsigned(upTo: steps)
            let fraction = Double(index) / Double(steps)
            return Swift.min(range.lowerBound + (range.upperBound - range.lowerBound) * fraction, range.upperBound)
        }
    }
}

extension Gen where Value: Sendable {
    /// Always the given value; draws nothing.
    @inlinable
    public static func constant(_ value: Value) -> Gen<Value> {
        Gen { _ in value }
    }

    /// One of `elements`, shrinking toward the first.
    ///
    /// An empty list makes every draw throw ``GenerationStop/invalidArgument(_:)``.
    @inlinable
    public static func element(of elements: [Value]) -> Gen<Value> {
        Gen { testCase in
            guard !elements.isEmpty else {
                throw GenerationStop.invalidArgument("element(of:) needs at least one element")
            }
            return elements[Int(try testCase.drawUnsigned(upTo: UInt64(elements.count - 1)))]
        }
    }
}
