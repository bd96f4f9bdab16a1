extension ShrinkEngine {
    /// Sorts runs of adjacent same-label sibling spans by their choices, or else swaps
    /// neighbours that are out of order, so `[1, 0]` becomes `[0, 1]`.
    func sortSiblingSpans() {
        var index = 0
        while index < spans.count, !isStopped {
            defer { index += 1 }
            guard structure.firstSibling[index] == index else { continue }
            let group = structure.siblingRun(from: index)
            var runStart = 0
            while runStart < group.count, !isStopped {
                var runEnd = runStart + 1
                while runEnd < group.count, spans[group[runEnd]].label == spans[group[runStart]].label { runEnd += 1 }
                // After an improvement the spans changed: move on to the next group.
                if runEnd - runStart > 1, sortRun(Array(group[runStart..<runEnd])) { break }
                runStart = runEnd
            }
        }
    }

    /// Returns true after an improvement (the spans then changed, so callers start over).
    private func sortRun(_ run: [Int]) -> Bool {
        let slots = run.map { spans[$0].range }
        let slices = slots.map { Array(values[$0]) }
        func rebuilt(_ order: [[UInt64]]) -> [UInt64] {
            var candidate = Array(values[..<slots[0].lowerBound])
            for (position, slice) in order.enumerated() {
                candidate += slice
                if position + 1 < slots.count {
                    candidate += values[slots[position].upperBound..<slots[position + 1].lowerBound]
                }
            }
            candidate += values[slots[slots.count - 1].upperBound...]
            return candidate
        }
        let sorted = slices.enumerated().sorted { lhs, rhs in
            ChoiceSequence.shortlexPrecedes(lhs.element, rhs.element)
                || (lhs.element == rhs.element && lhs.offset < rhs.offset)
        }.map(\.element)
        guard sorted != slices else { return false }
        if improves(rebuilt(sorted)) { return true }
        for position in 0..<(slices.count - 1)
        where ChoiceSequence.shortlexPrecedes(slices[position + 1], slices[position]) {
            var swapped = slices
            swapped.swapAt(position, position + 1)
            if improves(rebuilt(swapped)) { return true }
        }
        return false
    }

    /// Moves an amount from one integer to a later one, keeping their sum (as signed offsets
    /// from their targets), so `(-17769, -15000)` can become `(-1, -32768)`.
    ///
    /// It runs before single choices are minimised: when values only matter through their sum
    /// (an overflow, a total), one move settles both, where lowering each alone would bisect
    /// toward a threshold that the move makes moot.
    func redistributeBetweenIntegers() {
        forEachNearbyIntegerPair { first, second in
            // An item and one nested inside it (a node's key and its child's key, drawn relative
            // to it) do not trade amounts meaningfully: only separate items do.
            guard !structure.areNested(first, second),
                let transfer = Transfer(from: first, to: second, in: self)
            else { return }
            _ = maximizeAmount(limit: transfer.limit) { amount in
                guard let candidate = transfer.candidate(moving: amount) else { return false }
                return improves(candidate)
            }
        }
    }

    /// A move of some amount from one integer choice to another, with their sum kept.
    struct Transfer {
        let base: [UInt64]
        let first: Int
        let second: Int
        let from: Choice
        let to: Choice
        let fromOffset: Int64
        let toOffset: Int64
        let direction: Int64
        /// The largest amount that takes `first` toward its target without leaving `second`'s range.
        let limit: UInt64

        init?(from first: Int, to second: Int, in engine: ShrinkEngine) {
            let from = engine.choices[first]
            let to = engine.choices[second]
            guard let fromOffset = from.signedOffset, let toOffset = to.signedOffset, fromOffset != 0 else {
                return nil
            }
            self.base = engine.values
            self.first = first
            self.second = second
            self.from = from
            self.to = to
            self.fromOffset = fromOffset
            self.toOffset = toOffset
            self.direction = fromOffset > 0 ? 1 : -1
            // The receiving integer can only move as far as its range allows.
            let room =
                direction > 0
                ? (to.max &- to.belowTarget) &- (toOffset > 0 ? toOffset.magnitude : 0)
                    &+ (toOffset < 0 ? toOffset.magnitude : 0)
                : to.belowTarget &- (toOffset < 0 ? toOffset.magnitude : 0) &+ (toOffset > 0 ? toOffset.magnitude : 0)
            self.limit = Swift.min(fromOffset.magnitude, room)
        }

        /// The values with `amount` moved, or `nil` if either integer would leave its range.
        func candidate(moving amount: UInt64) -> [UInt64]? {
            guard amount <= UInt64(Int64.max) else { return nil }
            let (newTo, overflow) = toOffset.addingReportingOverflow(direction * Int64(amount))
            guard !overflow,
                let lowered = from.index(ofSignedOffset: fromOffset - direction * Int64(amount)),
                let raised = to.index(ofSignedOffset: newTo)
            else { return nil }
            var candidate = base
            candidate[first] = lowered
            candidate[second] = raised
            return candidate
        }
    }

    /// Merges two same-label sibling spans of equal length: deletes the second and adds each of
    /// its choices, one position at a time, onto the first (so `advance(a), advance(b)` can
    /// become `advance(a+b)`).
    func mergeSameLabelSpans() {
        var index = 0
        while index < spans.count, !isStopped {
            defer { index += 1 }
            let group = structure.siblingRun(from: index)
            guard group.count > 1 else { continue }
            let target = spans[index]
            for other in group.dropFirst() where !isStopped {
                let source = spans[other]
                guard source.label == target.label, source.count == target.count, source.count > 0 else { continue }
                // After an improvement the spans changed: move on to the next span.
                if mergeSpans(target, source) { break }
            }
        }
    }

    private func mergeSpans(_ target: Span, _ source: Span) -> Bool {
        let base = deleting(source.range, from: values)
        for offset in 0..<target.count where !isStopped {
            let into = target.start + offset
            let added = choices[source.start + offset]
            let shape = choices[into]
            guard added.value > 0, shape.max > 0 else { continue }
            // Index sum, clamped to the bound (counts and durations add up this way)…
            var merged = [
                shape.value > shape.max - Swift.min(added.value, shape.max) ? shape.max : shape.value + added.value
            ]
            // …and the sum of signed offsets, wrapped around the range like fixed-width arithmetic.
            if let wrapped = wrappedOffsetSum(shape, added), wrapped != merged[0] { merged.append(wrapped) }
            for index in merged where index != shape.value {
                var candidate = base
                candidate[into] = index
                if improves(candidate) { return true }
            }
        }
        return false
    }

    /// The index of `first`'s offset plus `second`'s offset, wrapped into `first`'s range.
    private func wrappedOffsetSum(_ first: Choice, _ second: Choice) -> UInt64? {
        guard first.max < UInt64(Int64.max), let a = first.signedOffset, let b = second.signedOffset else { return nil }
        let size = Int64(first.max) + 1
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { return nil }
        let (shifted, overflowShift) = sum.addingReportingOverflow(Int64(first.belowTarget))
        guard !overflowShift else { return nil }
        let position = ((shifted % size) + size) % size
        return first.index(ofSignedOffset: position - Int64(first.belowTarget))
    }
}
