import Generators
import PurchaseStateMachine

/// A slice of the seed space: shard `index` of `count` runs the histories whose number is
/// `index − 1` modulo `count`, so a CI matrix of all shards runs exactly the unsharded histories.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1-based shard number.
    public let index: Int
    /// Number of shards.
    public let count: Int

    /// Creates shard `index` of `count`; nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether history number `n` (0-based, unsharded numbering) belongs to this shard.
    public func contains(_ n: Int) -> Bool { n % count == index - 1 }
}
