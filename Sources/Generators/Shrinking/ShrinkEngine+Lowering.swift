extension ShrinkEngine {
    /// Lowers one choice at a time: tries 0, then climbs 1, 3, 7, … from the bottom while that
    /// is cheaper than bisecting, then binary-searches the gap (which also tries value − 1).
    func minimizeSingleChoices() {
        var index = 0
        while index < values.count, !isStopped {
            if values[index] > 0, choices[index].max > 0 {
                minimize(positions: [index])
            }
            index += 1
        }
    }

    /// Lowers every group of equal choices (same value, same bound) together.
    ///
    /// Two equal list elements that must stay equal (a duplicate) shrink this way in one step.
    func minimizeDuplicatedChoices() {
        var groups: [[Int]] = []
        var groupOfKey: [Choice: Int] = [:]
        for (position, choice) in choices.enumerated() where choice.value > 0 && choice.max > 1 {
            let key = Choice(value: choice.value, max: choice.max)
            if let group = groupOfKey[key] {
                groups[group].append(position)
            } else {
                groupOfKey[key] = groups.count
                groups.append([position])
            }
        }
        for group in groups where group.count > 1 {
            if isStopped { return }
            guard let last = group.last, last < values.count,
                group.allSatisfy({ values[$0] == values[group[0]] })
            else { continue }
            minimize(positions: group)
        }
    }

    /// Searches for the smallest value all `positions` can take together.
    ///
    /// For a signed integer the search keeps the sign and shrinks the magnitude (after trying 0
    /// and the positive counterpart of a negative value), because shrink indices alternate sign
    /// and a property that depends on the sign is not monotone in the index.
    func minimize(positions: [Int]) {
        guard let first = positions.first else { return }
        let shape = choices[first]
        let (negative, magnitude) = Choice.offset(ofIndex: shape.value, max: shape.max, belowTarget: shape.belowTarget)
        func works(_ index: UInt64) -> Bool {
            var candidate = values
            for position in positions {
                guard position < candidate.count else { return false }
                candidate[position] = index
            }
            return improves(candidate)
        }
        func rung(_ step: UInt64) -> UInt64 {
            Choice.index(ofOffset: step, negative: negative, max: shape.max, belowTarget: shape.belowTarget)
        }
        if works(0) || magnitude <= 1 && !negative { return }
        if negative, magnitude <= shape.max &- shape.belowTarget, works(rung(magnitude) &- 1) { return }
        // Search rungs 1..<magnitude of the same sign: climb 1, 3, 7, … while that is cheaper
        // than bisecting, then bisect the remaining gap (which also tries magnitude − 1).
        var low: UInt64 = 0
        var high = magnitude
        var probe: UInt64 = 1
        while probe < high, !isStopped {
            if works(rung(probe)) {
                high = probe
                break
            }
            low = probe
            if probe >= high / 2 { break }
            probe = probe &* 2 &+ 1
        }
        while low + 1 < high, !isStopped {
            let middle = low + (high - low) / 2
            if works(rung(middle)) { high = middle } else { low = middle }
        }
        // A positive value's index is one above the negative value of the next smaller magnitude.
        if !negative, shape.belowTarget > 0, let position = positions.first, position < values.count {
            let reached = values[position]
            if reached > 1, reached & 1 == 1, reached <= 2 &* Choice.alternatingReach(max: shape.max, belowTarget: shape.belowTarget) {
                _ = works(reached - 1)
            }
        }
    }

    /// Lowers two nearby integer choices by the same amount, for values that must move together.
    func lowerPairsTogether() {
        forEachNearbyIntegerPair { first, second in
            let limit = Swift.min(values[first], values[second])
            guard limit > 0 else { return }
            let base = values
            _ = maximizeAmount(limit: limit) { amount in
                var candidate = base
                candidate[first] -= amount
                candidate[second] -= amount
                return improves(candidate)
            }
        }
    }

    /// Calls `body` with pairs of integer choices (bound above 1, value above 0) where the second
    /// is one of the next three such choices after the first (for redistribution the second
    /// may be 0).
    func forEachNearbyIntegerPair(window: Int = 3, _ body: (Int, Int) -> Void) {
        var first = 0
        while first < values.count, !isStopped {
            if choices[first].max > 1, values[first] > 0 {
                var seen = 0
                var second = first + 1
                while second < values.count, seen < window, !isStopped {
                    if choices[second].max > 1, values[second] > 0 || activePass == .redistributePairs {
                        seen += 1
                        body(first, second)
                    }
                    second += 1
                }
            }
            first += 1
        }
    }
}
