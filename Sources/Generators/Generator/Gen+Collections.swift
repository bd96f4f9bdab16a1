extension Gen {
    /// The default length range of collections: any length, averaging 5 elements.
    public static var defaultLengths: ClosedRange<Int> { 0...Int.max }

    /// Arrays whose length lies in `lengths`, drawn element by element with a keep-going coin.
    ///
    /// Before each element beyond the minimum, a coin says whether another element follows (index
    /// 0, "stop", is simplest); the coin and the element's draws form one span labelled
    /// ``SpanLabel/element``, so deleting the span deletes exactly that element. Elements below
    /// the minimum get a forced coin, and a full array ends with a forced "stop", to keep that
    /// layout. The whole array is a span labelled
    /// ``SpanLabel/collection``. The length is never drawn up front.
    ///
    /// - Parameter averageLength: the expected length; by default `min(max(2·min, min + 5),
    ///   (min + max) / 2)`, as in Hypothesis.
    @inlinable
    public func array(of lengths: ClosedRange<Int> = Gen.defaultLengths, averageLength: Double? = nil) -> Gen<[Value]> {
        let minimum = Swift.max(lengths.lowerBound, 0)
        let maximum = Swift.max(lengths.upperBound, minimum)
        if minimum == maximum { return array(count: minimum) }
        let average =
            averageLength
            ?? Swift.min(
                Swift.max(Double(minimum) * 2, Double(minimum) + 5), (Double(minimum) + Double(maximum)) / 2)
        let extra = Swift.max(average - Double(minimum), 0)
        let keepGoing = extra / (extra + 1)
        let element = self
        return Gen<[Value]> { testCase in
            testCase.startSpan(.collection)
            defer { testCase.endSpan() }
            var result: [Value] = []
            while true {
                let coinAt = testCase.recorded.count
                if result.count < minimum {
                    try testCase.drawForced()
                } else if result.count == maximum {
                    // A forced "stop" keeps the layout of a full array the same as a shorter one,
                    // so deleting one of its elements replays the stop where a coin is expected.
                    try testCase.drawForced()
                    break
                } else if !(try testCase.drawBool(probability: keepGoing)) {
                    break
                }
                testCase.startSpan(.element, at: coinAt)
                result.append(try element.draw(testCase))
                testCase.endSpan()
            }
            return result
        }
    }

    /// Arrays of exactly `count` elements, each element one span (no coins: the length is fixed).
    @inlinable
    public func array(count: Int) -> Gen<[Value]> {
        let element = self
        let count = Swift.max(count, 0)
        return Gen<[Value]> { testCase in
            testCase.startSpan(.collection)
            defer { testCase.endSpan() }
            var result: [Value] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                testCase.startSpan(.element)
                result.append(try element.draw(testCase))
                testCase.endSpan()
            }
            return result
        }
    }
}
