extension ShrinkEngine {
    /// The current values with `range` removed.
    func deleting(_ range: Range<Int>, from base: [UInt64]) -> [UInt64] {
        var candidate = base
        candidate.removeSubrange(range)
        return candidate
    }

    /// Deletes every discarded span at once, then one at a time from the last.
    func removeDiscardedSpans() {
        let discarded = outermostDiscarded()
        guard !discarded.isEmpty else { return }
        var candidate = values
        for range in discarded.reversed() { candidate.removeSubrange(range) }
        if improves(candidate) { return }
        var index = spans.count - 1
        while index >= 0, !isStopped {
            if index < spans.count, spans[index].isDiscarded, spans[index].count > 0 {
                improves(deleting(spans[index].range, from: values))
            }
            index -= 1
        }
    }

    private func outermostDiscarded() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for span in spans where span.isDiscarded && span.count > 0 {
            if let last = ranges.last, span.start < last.upperBound { continue }
            ranges.append(span.range)
        }
        return ranges
    }

    /// Deletes runs of consecutive sibling spans, growing each run as far as it stays interesting.
    ///
    /// When deleting a span overruns (the generator expected it, as with a length drawn up
    /// front), the pass retries with the structural choice just before the sibling group lowered
    /// by the number of spans deleted.
    func deleteSpanRuns() {
        var index = 0
        while index < spans.count, !isStopped {
            defer { index += 1 }
            guard spans[index].count > 0 else { continue }
            let base = values
            let baseSpans = spans
            let run = structure.siblingRun(from: index)
            func removing(_ count: Int) -> [UInt64] {
                deleting(baseSpans[run[0]].start..<baseSpans[run[count - 1]].end, from: base)
            }
            let first = attempt(removing(1))
            if first == .improved {
                _ = findInteger(limit: run.count) { $0 == 1 || improves(removing($0)) }
            } else if first == .overrun || first == .invalid,
                let control = controllingChoice(before: baseSpans[structure.firstSibling[index]].start, in: base)
            {
                let available = Int(clamping: base[control])
                _ = findInteger(limit: Swift.min(run.count, available)) { count in
                    var candidate = removing(count)
                    candidate[control] -= UInt64(count)
                    return improves(candidate)
                }
            }
        }
    }

    /// The last choice before `position` that the shrinker could change, if any.
    private func controllingChoice(before position: Int, in base: [UInt64]) -> Int? {
        var index = position - 1
        while index >= 0 {
            if choices.indices.contains(index), choices[index].max > 0 { return base[index] > 0 ? index : nil }
            index -= 1
        }
        return nil
    }

    /// Tries deleting each span on its own; when that fails, also re-aligns later indices.
    ///
    /// A later integer that could be an index into the span's sibling list and points past the
    /// deleted item (its value is above the item's position and at most the number of siblings)
    /// is lowered by one, so `[0, 0, 3, 2]` can lose its first element and become `[0, 2, 1]`.
    func deleteSingleSpans() {
        var index = 0
        while index < spans.count, !isStopped {
            defer { index += 1 }
            let span = spans[index]
            guard span.count > 0 else { continue }
            let plain = deleting(span.range, from: values)
            let outcome = attempt(plain)
            guard outcome == .notInteresting || outcome == .invalid, index < spans.count else { continue }
            let siblings = structure.siblingRun(from: structure.firstSibling[index])
            guard let position = siblings.firstIndex(of: index) else { continue }
            var shifted = plain
            var changed = false
            for tail in span.start..<shifted.count {
                let value = shifted[tail]
                if value > UInt64(position), value <= UInt64(siblings.count), choices[tail + span.count].max > 1 {
                    shifted[tail] = value - 1
                    changed = true
                }
            }
            if changed { improves(shifted) }
        }
    }

    /// Tries deleting the two choices around each span boundary: the last choice of a span and
    /// the first choice after it.
    ///
    /// This is how two sibling collections merge into one: the "stop" coin of the first and
    /// the "more" coin of the next element of the outer collection go together.
    func deleteChoiceRuns() {
        var index = 0
        while index + 2 <= values.count, !isStopped {
            if endsSpan(at: index + 1), !improves(deleting(index..<(index + 2), from: values)) {
                index += 1
            } else if !endsSpan(at: index + 1) {
                index += 1
            }
        }
    }

    /// Whether some span ends right before draw `position`.
    private func endsSpan(at position: Int) -> Bool {
        spans.contains { $0.end == position && $0.count > 0 }
    }

    /// Tries replacing each span with the simplest choices of the same length.
    ///
    /// An element span keeps its leading keep-going coin, so the element is simplified rather
    /// than the collection cut short.
    func zeroSpans() {
        var index = 0
        while index < spans.count, !isStopped {
            let span = spans[index]
            let start = span.label == .element ? span.start + 1 : span.start
            if start < span.end, values[start..<span.end].contains(where: { $0 != 0 }) {
                var candidate = values
                for position in start..<span.end { candidate[position] = 0 }
                improves(candidate)
            }
            index += 1
        }
    }

    /// Tries replacing each span with one of its descendants that has the same label.
    func replaceSpansWithDescendants() {
        var index = 0
        while index < spans.count, !isStopped {
            let span = spans[index]
            let end = structure.subtreeEnd[index]
            var descendant = index + 1
            while descendant < end, descendant < spans.count, !isStopped {
                let inner = spans[descendant]
                if inner.label == span.label, inner.count < span.count {
                    var candidate = Array(values[..<span.start])
                    candidate += values[inner.range]
                    candidate += values[span.end...]
                    if improves(candidate) { break }
                }
                descendant += 1
            }
            index += 1
        }
    }
}
