extension TestCase {
    /// Records `index` in place of the shrink index of the latest draw, as if it had been drawn;
    /// does nothing when replaying.
    ///
    /// A generator that resolves a draw against the state it is in (an unavailable option
    /// becomes the next available one) calls this in random mode so the recording names the
    /// option it used. Replaying the recording then asks for that option directly, which keeps
    /// the meaning of later draws stable when the shrinker deletes earlier items.
    public func rewriteLatestChoice(index: UInt64) {
        guard !replaying, let last = recorded.indices.last else { return }
        recorded[last].value = Swift.min(index, recorded[last].max)
    }
}
