/// Sibling links between spans, derived from their parent indices.
struct SpanStructure {
    /// For each span, the index of the next span with the same parent, or -1.
    let nextSibling: [Int]
    /// For each span, the index of the first span with the same parent.
    let firstSibling: [Int]
    /// For each span, the index after its last descendant in the (pre-order) span list.
    let subtreeEnd: [Int]
    /// For each draw, the innermost span containing it, or -1.
    let innermost: [Int]
    /// The parent of each span, or -1.
    let parents: [Int]

    init(spans: [Span], choiceCount: Int) {
        var next = Array(repeating: -1, count: spans.count)
        var first = Array(repeating: -1, count: spans.count)
        var lastChild: [Int: Int] = [:]
        var firstChild: [Int: Int] = [:]
        for (index, span) in spans.enumerated() {
            if let previous = lastChild[span.parent] { next[previous] = index }
            lastChild[span.parent] = index
            if firstChild[span.parent] == nil { firstChild[span.parent] = index }
            first[index] = firstChild[span.parent] ?? index
        }
        // Spans are listed in the order they started, so a span's descendants are the spans
        // right after it that are deeper than it.
        var end = Array(repeating: spans.count, count: spans.count)
        var open: [Int] = []
        for (index, span) in spans.enumerated() {
            while let top = open.last, spans[top].depth >= span.depth {
                end[top] = index
                open.removeLast()
            }
            open.append(index)
        }
        var inner = Array(repeating: -1, count: choiceCount)
        for (index, span) in spans.enumerated() {
            // Later spans in pre-order are nested deeper, so they overwrite their ancestors.
            for position in span.start..<Swift.min(span.end, choiceCount) { inner[position] = index }
        }
        self.innermost = inner
        self.parents = spans.map(\.parent)
        self.nextSibling = next
        self.firstSibling = first
        self.subtreeEnd = end
    }

    /// Whether one of the two draws sits inside an item that contains the other's item (a
    /// parent and its descendant), as opposed to two separate items.
    func areNested(_ first: Int, _ second: Int) -> Bool {
        guard first < innermost.count, second < innermost.count else { return false }
        let a = innermost[first]
        let b = innermost[second]
        guard a >= 0, b >= 0, a != b else { return false }
        return isAncestor(a, of: b) || isAncestor(b, of: a)
    }

    private func isAncestor(_ ancestor: Int, of span: Int) -> Bool {
        var current = parents[span]
        while current >= 0 {
            if current == ancestor { return true }
            current = parents[current]
        }
        return false
    }

    /// The indices of `count` consecutive siblings starting at `span`, or fewer if the run ends.
    func siblingRun(from span: Int, limit: Int = .max) -> [Int] {
        var run: [Int] = []
        var current = span
        while current >= 0, run.count < limit {
            run.append(current)
            current = nextSibling[current]
        }
        return run
    }
}
