/// A labelled, contiguous run of draws that forms one logical item, such as one list element.
///
/// Spans nest: `parent` is the index (in the case's span list) of the innermost span that was
/// open when this one started, or -1 at top level. Deleting a span's draws deletes exactly the
/// item it stands for, which is what makes shrinking by deletion work.
public struct Span: Hashable, Sendable {
    /// What kind of item the span holds.
    public var label: SpanLabel
    /// Index of the span's first draw.
    public var start: Int
    /// Index after the span's last draw (half-open); equal to `start` for an empty span.
    public var end: Int
    /// Nesting depth: 0 at top level.
    public var depth: Int
    /// Index of the enclosing span in the same list, or -1 at top level.
    public var parent: Int
    /// Whether the generator threw the span's draws away (for example, a failed filter attempt).
    public var isDiscarded: Bool

    /// Creates a span record.
    public init(label: SpanLabel, start: Int, end: Int, depth: Int, parent: Int, isDiscarded: Bool = false) {
        self.label = label
        self.start = start
        self.end = end
        self.depth = depth
        self.parent = parent
        self.isDiscarded = isDiscarded
    }

    /// Number of draws in the span.
    public var count: Int { end - start }

    /// The draw indices the span covers.
    public var range: Range<Int> { start..<end }
}
