/// The numbers of the histories a campaign runs, in order: every number below the budget, or a
/// shard's share of them; computed on access, so a large budget costs nothing before the first
/// history runs.
struct HistoryNumbers: RandomAccessCollection {
    /// The first history number.
    let first: Int
    /// The distance between consecutive numbers (the shard count, or 1).
    let step: Int
    /// How many numbers there are.
    let count: Int

    /// The numbers below `budget` that belong to `shard` (all of them without one).
    init(budget: Int, shard: Shard?) {
        first = shard.map { $0.index - 1 } ?? 0
        step = shard?.count ?? 1
        // Rounded up without forming `budget + step`, which could overflow for huge values.
        count = budget > first ? (budget - first - 1) / step + 1 : 0
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Int {
        precondition(position >= 0 && position < count, "history position out of range")
        return first + position * step
    }
}
