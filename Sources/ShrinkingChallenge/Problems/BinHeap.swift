import Generators

/// A binary heap of the binheap challenge: empty, or a key with two sub-heaps.
public indirect enum BinaryHeap: Hashable, Sendable {
    /// The empty heap, `∅`.
    case empty
    /// A node with its key and two sub-heaps.
    case node(key: Int, left: BinaryHeap, right: BinaryHeap)

    /// The number of nodes.
    public var size: Int {
        switch self {
        case .empty: 0
        case .node(_, let left, let right): 1 + left.size + right.size
        }
    }

    /// The keys, walked with an explicit stack: a node, then its right subtree, then its left.
    public var flattened: [Int] {
        var result: [Int] = []
        var stack: [BinaryHeap] = [self]
        while let heap = stack.popLast() {
            guard case .node(let key, let left, let right) = heap else { continue }
            result.append(key)
            stack.append(left)
            stack.append(right)
        }
        return result
    }

    /// Skew-heap merge: the smaller root wins (ties go to `self`), keeps its key, takes
    /// `merge(winner.right, loser)` as its left child and its old left child as its right.
    public func merged(with other: BinaryHeap) -> BinaryHeap {
        guard case .node(let key, let left, let right) = self else { return other }
        guard case .node(let otherKey, let otherLeft, let otherRight) = other else { return self }
        if key <= otherKey {
            return .node(key: key, left: right.merged(with: other), right: left)
        }
        return .node(key: otherKey, left: otherRight.merged(with: self), right: otherLeft)
    }

    /// The faulty "to sorted list": the root key followed by the flattened merge of the children.
    public var faultySortedList: [Int] {
        guard case .node(let key, let left, let right) = self else { return [] }
        return [key] + left.merged(with: right).flattened
    }

    /// `(key, left, right)` with `∅` for the empty heap.
    public var rendered: String {
        switch self {
        case .empty: "∅"
        case .node(let key, let left, let right): "(\(key), \(left.rendered), \(right.rendered))"
        }
    }
}

/// `binheap`: heap-ordered heaps (empty 3 : node 1, keys drawn from the parent's key upward
/// via flatMap); the faulty sort must be ascending and a permutation of the keys.
/// Ideal `(0, ∅, (0, (0, ∅, ∅), (1, ∅, ∅)))`.
public struct BinHeapProblem: ShrinkingChallengeProblem {
    /// Creates the problem.
    public init() {}
    /// The brief's name for the variant.
    public var name: String { "binheap" }

    /// The jqwik recipe with `flatMap` on the key, plus the engine's default depth guard.
    public var generator: Gen<BinaryHeap> { Self.heap(atLeast: 0) }

    /// Heaps whose keys are all at least `low`.
    static func heap(atLeast low: Int) -> Gen<BinaryHeap> {
        let node = Gen.int(in: low...Int(Int32.max)).flatMap { key in
            Gen.zip(heap(atLeast: key), heap(atLeast: key)).map { BinaryHeap.node(key: key, left: $0, right: $1) }
        }
        return Gen.recursiveFrequency(leaves: [(3, Gen.constant(BinaryHeap.empty))], branches: [(1, node)])
    }

    /// The faulty sort is ascending and equals the sorted keys.
    public func holds(_ value: BinaryHeap) -> Bool {
        let result = value.faultySortedList
        return zip(result, result.dropFirst()).allSatisfy { $0 <= $1 } && result == value.flattened.sorted()
    }

    /// `(key, left, right)` with `∅` for empty.
    public func render(_ value: BinaryHeap) -> String { value.rendered }
    /// `(0, ∅, (0, (0, ∅, ∅), (1, ∅, ∅)))`.
    public var idealRenderings: [String] { ["(0, ∅, (0, (0, ∅, ∅), (1, ∅, ∅)))"] }
    /// Any four-node failing heap.
    public func isSizeMinimal(_ value: BinaryHeap) -> Bool { value.size == 4 }
}
