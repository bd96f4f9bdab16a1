import Generators

extension TestCase {
    /// Draws the next step of a history in a span labelled `label`, for either store's generator:
    /// nil when the history ends here (a draw with `continueProbability` said stop), else what
    /// `draw` makes. The span is one step, so the shrinker deletes or lowers it as a whole.
    func drawNextEvent<T>(
        _ label: SpanLabel, continueProbability: Double, _ draw: () throws(GenerationStop) -> T
    ) throws(GenerationStop) -> T? {
        startSpan(label)
        defer { endSpan() }
        guard try drawBool(probability: continueProbability) else { return nil }
        return try draw()
    }
}
