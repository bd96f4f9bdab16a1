/// Sibling links between spans, derived from their parent indices.
struct SpanStructure {
    /// For each span, the index of the next span with the same parent, or -1.
    let nextSibling: [Int]
    /// For each span, the index of the first span with the same parent.
    let firstSibling: [Int]
    /// For each span, the index after its last descendant in the (pre-order) span list.
    let subtreeEnd: [Int]

    init(spans: [Span]) {
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
        self.nextSibling = next
        self.firstSibling = first
        self.subtreeEnd = end
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
