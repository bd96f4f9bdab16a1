@testable import ConformanceRunner
import Testing

/// The history numbers a campaign runs, computed on access instead of listed up front.
@Suite("History numbers")
struct HistoryNumbersTests {
    @Test("Every budget and shard gives exactly the numbers the shard contains, in order")
    func matchesShardMembership() {
        for budget in 0...30 {
            #expect(Array(HistoryNumbers(budget: budget, shard: nil)) == Array(0..<budget))
            for count in 1...5 {
                for index in 1...count {
                    let shard = Shard(index: index, count: count)!
                    let expected = (0..<budget).filter { shard.contains($0) }
                    #expect(Array(HistoryNumbers(budget: budget, shard: shard)) == expected, "budget \(budget), shard \(shard)")
                }
            }
        }
    }
}
