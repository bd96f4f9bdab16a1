extension Gen {
    /// A recursive generator: picks a leaf or a branch by weight, allowing branches only while
    /// fewer than `maxDepth` branches are open.
    ///
    /// `branches` receives the generator itself, to use for children. Leaves and branches share
    /// one pick index (leaves first), so the layout of a node's choices is the same at every
    /// depth; at the depth limit a replayed branch pick rejects the case. Each node's draws form
    /// a span labelled ``SpanLabel/recursion``, which lets the shrinker replace a node with one
    /// of its descendants.
    public static func recursive(
        maxDepth: Int = 5,
        leaves: [(Int, Gen<Value>)],
        branches: @escaping @Sendable (Gen<Value>) -> [(Int, Gen<Value>)]
    ) -> Gen<Value> {
        let box = RecursiveBox<Value>()
        let child = Gen { testCase in try box.gen.draw(testCase) }
        box.gen = recursiveFrequency(maxDepth: maxDepth, leaves: leaves, branches: branches(child))
        return child
    }

    /// One level of a depth-bounded recursive choice, for recursion that takes a parameter.
    ///
    /// Behaves like ``frequency(_:)`` over `leaves + branches`, except that branches are disabled
    /// once `maxDepth` branches drawn by this family of generators are open. Use it when each
    /// level is built by a function (for example a heap whose keys must exceed a parent's key).
    public static func recursiveFrequency(
        maxDepth: Int = 5,
        leaves: [(Int, Gen<Value>)],
        branches: [(Int, Gen<Value>)]
    ) -> Gen<Value> {
        let picker = AlternativePicker(weights: leaves.map(\.0) + branches.map(\.0))
        let gens = leaves.map(\.1) + branches.map(\.1)
        let leafCount = leaves.count
        return Gen { testCase in
            let depthAllowsBranches = testCase.recursionDepth < maxDepth
            testCase.startSpan(.recursion)
            defer { testCase.endSpan() }
            let index = try picker.pick(testCase, isEnabled: { $0 < leafCount || depthAllowsBranches })
            if index < leafCount { return try gens[index].draw(testCase) }
            testCase.recursionDepth += 1
            defer { testCase.recursionDepth -= 1 }
            return try gens[index].draw(testCase)
        }
    }
}

/// Holds a recursive generator so it can refer to itself; written once, before any draw.
final class RecursiveBox<Value>: @unchecked Sendable {
    var gen = Gen<Value> { _ in throw GenerationStop.invalidArgument("recursive generator used before it was built") }
}
