extension Gen {
    /// Draws from one of `alternatives`, picked uniformly, shrinking toward the first.
    public static func oneOf(_ alternatives: Gen<Value>...) -> Gen<Value> {
        oneOf(alternatives)
    }

    /// Draws from one of `alternatives`, picked uniformly, shrinking toward the first.
    public static func oneOf(_ alternatives: [Gen<Value>]) -> Gen<Value> {
        frequency(alternatives.map { (1, $0) })
    }

    /// Draws from one of the alternatives the swarm left enabled for this case.
    public static func oneOf(_ alternatives: [Gen<Value>], swarm: Swarm) -> Gen<Value> {
        frequency(alternatives.map { (1, $0) }, swarm: swarm)
    }

    /// Draws from one of `alternatives`, picked with probability proportional to its weight.
    ///
    /// The pick is recorded as one choice whose index is the alternative's position, so the
    /// shrinker prefers earlier alternatives; the pick and the alternative's draws form one span. Weights
    /// must be non-negative with a positive total, else the draw throws
    /// ``GenerationStop/invalidArgument(_:)``.
    @inlinable
    public static func frequency(_ alternatives: [(Int, Gen<Value>)]) -> Gen<Value> {
        let picker = AlternativePicker(weights: alternatives.map(\.0))
        let gens = alternatives.map(\.1)
        return Gen { testCase in
            testCase.startSpan(.alternative)
            defer { testCase.endSpan() }
            let index = try picker.pick(testCase)
            return try gens[index].draw(testCase)
        }
    }

    /// Like ``frequency(_:)``, restricted to the alternatives `swarm` enabled for this case.
    ///
    /// In replay, a recorded pick of a disabled alternative rejects the case.
    @inlinable
    public static func frequency(_ alternatives: [(Int, Gen<Value>)], swarm: Swarm) -> Gen<Value> {
        let picker = AlternativePicker(weights: alternatives.map(\.0))
        let gens = alternatives.map(\.1)
        return Gen { testCase in
            testCase.startSpan(.alternative)
            defer { testCase.endSpan() }
            let index = try picker.pick(testCase, isEnabled: { swarm.enabled($0) })
            return try gens[index].draw(testCase)
        }
    }
}

/// Weighted choice of an alternative index, shared by `oneOf`, `frequency` and recursion.
@usableFromInline
struct AlternativePicker: Sendable {
    let weights: [Int]
    /// The sum of all weights, or `nil` when some weight is negative or the sum overflows.
    let totalWeight: UInt64?

    @usableFromInline
    init(weights: [Int]) {
        self.weights = weights
        var total: UInt64 = 0
        var valid = true
        for weight in weights {
            let (sum, overflow) = total.addingReportingOverflow(UInt64(clamping: weight))
            if weight < 0 || overflow { valid = false }
            total = sum
        }
        self.totalWeight = valid ? total : nil
    }

    /// Picks an alternative by weight (all enabled) and records the pick; the common fast path.
    @usableFromInline
    func pick(_ testCase: TestCase) throws(GenerationStop) -> Int {
        guard !testCase.replaying, let total = totalWeight, total > 0 else {
            return try pick(testCase, isEnabled: { _ in true })
        }
        guard testCase.recorded.count < testCase.maxChoices else { throw .overrun }
        var roll = testCase.random.next(upTo: total - 1)
        var chosen = weights.count - 1
        for (index, weight) in weights.enumerated() {
            let weight = UInt64(weight)
            if roll < weight {
                chosen = index
                break
            }
            roll -= weight
        }
        testCase.recorded.append(Choice(value: UInt64(chosen), max: UInt64(weights.count - 1)))
        return chosen
    }

    /// Picks an enabled alternative and records the pick as a choice bounded by the last index.
    @usableFromInline
    func pick(_ testCase: TestCase, isEnabled: (Int) -> Bool) throws(GenerationStop) -> Int {
        guard !weights.isEmpty else {
            throw .invalidArgument("oneOf/frequency needs at least one alternative")
        }
        let max = UInt64(weights.count - 1)
        if testCase.replaying {
            let index = Int(try testCase.nextReplayed(max: max))
            testCase.recorded.append(Choice(value: UInt64(index), max: max))
            guard isEnabled(index), weights[index] > 0 else { throw .rejected }
            return index
        }
        guard testCase.recorded.count < testCase.maxChoices else { throw .overrun }
        var total: UInt64 = 0
        for (index, weight) in weights.enumerated() where isEnabled(index) {
            guard weight >= 0 else { throw .invalidArgument("frequency weights must not be negative, got \(weight)") }
            total &+= UInt64(weight)
        }
        guard total > 0 else {
            throw .invalidArgument("frequency needs a positive total weight among enabled alternatives")
        }
        var roll = testCase.random.next(upTo: total - 1)
        var chosen = weights.count - 1
        for (index, weight) in weights.enumerated() where isEnabled(index) && weight > 0 {
            if roll < UInt64(weight) {
                chosen = index
                break
            }
            roll -= UInt64(weight)
        }
        testCase.recorded.append(Choice(value: UInt64(chosen), max: max))
        return chosen
    }
}
