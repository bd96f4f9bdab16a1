extension ShrinkEngine {
    /// Lowers one choice by a step while trying every value (up to 16) of the leading choice
    /// of a later sibling item.
    ///
    /// A stateful generator's items depend on each other: lowering an early item (a cheaper
    /// product) can make a later item mean something else, so no single-choice move helps
    /// even though a two-choice move (a cheaper product *and* a different later kind) does.
    /// The leading choice of an item is its first choice with more than two values (after a
    /// keep-going coin). Runs only when every cheaper pass is at a fixed point, and only as many
    /// candidates as `Shrinker.Configuration.rechooseBudget` allows.
    func lowerAndRechooseLaterLead() {
        let budget = configuration.rechooseBudget
        var proposed = 0
        var i = 0
        while budget > 0, i < values.count, !isStopped, proposed < budget {
            defer { i += 1 }
            guard values[i] > 0, choices[i].max > 0 else { continue }
            guard let item = spans.lastIndex(where: { $0.start <= i && i < $0.end && $0.count > 1 }) else { continue }
            let label = spans[item].label
            var lowered = values
            lowered[i] -= 1
            for later in spans.indices where spans[later].start >= spans[item].end && spans[later].label == label {
                guard let lead = (spans[later].start..<spans[later].end).first(where: { choices[$0].max > 1 }) else { continue }
                for v in 0...min(choices[lead].max, 15) where v != values[lead] {
                    var candidate = lowered
                    candidate[lead] = v
                    proposed += 1
                    if improves(candidate) { return }
                    if isStopped || proposed >= budget { return }
                }
            }
        }
    }
}
