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
    /// The search works on *rungs*: magnitudes of the same sign as the current value, because
    /// shrink indices alternate sign and a property that depends on the sign is not monotone in
    /// the index. It tries 0, the positive counterpart of a negative value, and rung 1; then one
    /// and two rungs down, giving up if neither works (a local minimum, found in a few calls);
    /// then halves the rung while that works, and bisects the last gap.
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
        if works(0) { return }
        if negative, magnitude <= shape.max &- shape.belowTarget, works(rung(magnitude) &- 1) { return }
        guard magnitude > 1, !works(rung(1)), magnitude > 2 else {
            trySmallerOppositeSign(positions, shape: shape, negative: negative, works: works)
            return
        }
        var high: UInt64
        if works(rung(magnitude - 1)) {
            high = magnitude - 1
        } else if magnitude > 3, works(rung(magnitude - 2)) {
            high = magnitude - 2
        } else {
            trySmallerOppositeSign(positions, shape: shape, negative: negative, works: works)
            return
        }
        // Before a long search, try handing the whole amount to one of the next two integers:
        // when the value only matters through a sum, that ends the search in one call.
        if positions.count == 1, high > 16, moveWholeAmountForward(from: first) { return }
        // Find how many halvings still work (exponential probing, so a 32-bit value that must
        // only stay non-zero costs about ten calls), then bisect the last gap.
        let base = high
        let halvings = findInteger(limit: 62) { shift in
            let rungValue = base >> UInt64(shift)
            return rungValue > 1 && works(rung(rungValue))
        }
        high = base >> UInt64(halvings)
        var low = Swift.max(base >> UInt64(halvings + 1), 1)
        while low + 1 < high, !isStopped {
            let middle = low + (high - low) / 2
            if works(rung(middle)) { high = middle } else { low = middle }
        }
        trySmallerOppositeSign(positions, shape: shape, negative: negative, works: works)
    }

    /// Tries moving as much as possible of the integer at `position` into each of the next two
    /// integer choices; true after an improvement.
    private func moveWholeAmountForward(from position: Int) -> Bool {
        var second = position + 1
        var seen = 0
        while second < values.count, seen < 2, !isStopped {
            if choices[second].max > 1 {
                seen += 1
                if let transfer = Transfer(from: position, to: second, in: self), transfer.limit > 0,
                    let candidate = transfer.candidate(moving: transfer.limit), improves(candidate)
                {
                    return true
                }
            }
            second += 1
        }
        return false
    }

    /// A positive value's index is one above the negative value of the next smaller magnitude:
    /// try that one too.
    private func trySmallerOppositeSign(_ positions: [Int], shape: Choice, negative: Bool, works: (UInt64) -> Bool) {
        guard !negative, shape.belowTarget > 0, let position = positions.first, position < values.count else { return }
        let reached = values[position]
        if reached > 1, reached & 1 == 1,
            reached <= 2 &* Choice.alternatingReach(max: shape.max, belowTarget: shape.belowTarget)
        {
            _ = works(reached - 1)
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
