extension TestCase {
    /// Reads or draws the next raw index in `0...max` and records it.
    ///
    /// Random mode draws uniformly. Replay mode clamps a recorded index above `max` down to `max`.
    public func drawUnsigned(upTo max: UInt64) throws(GenerationStop) -> UInt64 {
        leavePrefixIfDone()
        let index = try replaying ? nextReplayed(max: max) : nextRandom(max: max)
        recorded.append(Choice(value: index, max: max))
        return index
    }

    /// Draws an integer in `range` whose simplest value is `target` (clamped into the range).
    ///
    /// Random mode favours values near the target: an eighth of draws each come from the
    /// nearest 4, 16, 256, 65,536 and 2³² indices, and the remaining three eighths are uniform
    /// over the whole range. The recorded index orders values by distance from the target,
    /// positive side first.
    public func drawInteger(in range: ClosedRange<Int>, shrinkingTowards target: Int = 0) throws(GenerationStop) -> Int
    {
        leavePrefixIfDone()
        let low = UInt64(bitPattern: Int64(range.lowerBound))
        let clamped = Swift.min(Swift.max(target, range.lowerBound), range.upperBound)
        let center = UInt64(bitPattern: Int64(clamped))
        let max = UInt64(bitPattern: Int64(range.upperBound)) &- low
        let below = center &- low
        let index: UInt64
        if replaying {
            index = try nextReplayed(max: max)
        } else {
            guard recorded.count < maxChoices else { throw .overrun }
            index = biasedIndex(max: max)
        }
        recorded.append(Choice(value: index, max: max, belowTarget: below))
        let (negative, magnitude) = Choice.offset(ofIndex: index, max: max, belowTarget: below)
        return Int(Int64(bitPattern: negative ? center &- magnitude : center &+ magnitude))
    }

    /// Draws a Boolean that is `true` with probability `p`; index 0 is `false`.
    ///
    /// With `p <= 0` or `p >= 1` the draw is *forced*: it is recorded with bound 0 so the
    /// shrinker never tries to change it, and replay ignores the recorded index.
    public func drawBool(probability p: Double = 0.5) throws(GenerationStop) -> Bool {
        leavePrefixIfDone()
        if p <= 0 || p >= 1 {
            try drawForced()
            return p >= 1
        }
        if replaying {
            let index = try nextReplayed(max: 1)
            recorded.append(Choice(value: index, max: 1))
            return index == 1
        }
        guard recorded.count < maxChoices else { throw .overrun }
        let value = random.nextUnitInterval() < p
        recorded.append(Choice(value: value ? 1 : 0, max: 1))
        return value
    }

    /// Records a draw with a single possible outcome, keeping replay aligned.
    @usableFromInline
    func drawForced() throws(GenerationStop) {
        leavePrefixIfDone()
        if replaying {
            guard cursor < prefix.count else { throw .overrun }
            cursor += 1
        } else {
            guard recorded.count < maxChoices else { throw .overrun }
        }
        recorded.append(Choice(value: 0, max: 0))
    }

    /// Marks the case invalid because a precondition does not hold.
    public func reject() throws(GenerationStop) -> Never {
        throw .rejected
    }

    /// Marks the case invalid unless `condition` holds.
    public func assume(_ condition: Bool) throws(GenerationStop) {
        if !condition { throw .rejected }
    }

    /// Opens a span: draws from now until the matching ``endSpan(discard:)`` form one item.
    public func startSpan(_ label: SpanLabel) {
        startSpan(label, at: recorded.count)
    }

    /// Opens a span that began at an earlier draw (for an item whose first draw decided it exists).
    @usableFromInline
    func startSpan(_ label: SpanLabel, at start: Int) {
        spanList.append(
            Span(label: label, start: start, end: start, depth: openSpans.count, parent: openSpans.last ?? -1))
        openSpans.append(spanList.count - 1)
    }

    /// Closes the innermost open span; `discard` marks its draws as thrown away by the generator.
    ///
    /// Closing when no span is open does nothing.
    public func endSpan(discard: Bool = false) {
        guard let index = openSpans.popLast() else { return }
        spanList[index].end = recorded.count
        if discard { spanList[index].isDiscarded = true }
    }

    /// A case started with ``reset(seed:prefix:)`` turns random once its prefix is read.
    @inline(__always)
    @usableFromInline
    func leavePrefixIfDone() {
        if replaying, continuesAfterPrefix, cursor >= prefix.count { replaying = false }
    }

    /// The next recorded index, clamped to `max`.
    @inline(__always)
    func nextReplayed(max: UInt64) throws(GenerationStop) -> UInt64 {
        guard cursor < prefix.count else { throw .overrun }
        let value = prefix[cursor]
        cursor += 1
        return Swift.min(value, max)
    }

    @inline(__always)
    func nextRandom(max: UInt64) throws(GenerationStop) -> UInt64 {
        guard recorded.count < maxChoices else { throw .overrun }
        return random.next(upTo: max)
    }

    /// A random index biased toward 0: see ``drawInteger(in:shrinkingTowards:)``.
    @inline(__always)
    func biasedIndex(max: UInt64) -> UInt64 {
        let cap: UInt64
        switch random.next() & 7 {
        case 0: cap = 3
        case 1: cap = 15
        case 2: cap = 255
        case 3: cap = 65_535
        case 4: cap = 0xFFFF_FFFF
        default: cap = .max
        }
        return random.next(upTo: Swift.min(max, cap))
    }
}
