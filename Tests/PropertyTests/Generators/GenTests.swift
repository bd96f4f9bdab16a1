import Generators
import Testing

@Suite("Generator combinators")
struct GeneratorsGenTests {
    /// Draws `count` values from `gen` with consecutive derived seeds.
    private func samples<Value>(_ gen: Gen<Value>, count: Int = 200, seed: UInt64 = 11) throws -> [Value] {
        try (0..<count).map { try gen.sample(seed: Seed(seed).derived(UInt64($0))) }
    }

    @Test("Integers stay in their range and reach both ends over many draws")
    func integersInRange() throws {
        let values = try samples(Gen.int(in: -3...3), count: 400)
        #expect(values.allSatisfy { (-3...3).contains($0) })
        #expect(Set(values) == Set(-3...3))
    }

    @Test("map, flatMap and zip compose draws in order")
    func composition() throws {
        let pair = Gen.zip(Gen.int(in: 0...10), Gen.int(in: 0...10).map { $0 * 2 })
        for (left, right) in try samples(pair) {
            #expect((0...10).contains(left))
            #expect(right % 2 == 0)
        }
        let dependent = Gen.int(in: 1...5).flatMap { count in Gen.bool.array(count: count) }
        #expect(try samples(dependent).allSatisfy { (1...5).contains($0.count) })
        let triple = Gen.zip(Gen.bool, Gen.int(in: 0...1), Gen.constant("x"))
        let quadruple = Gen.zip(Gen.bool, Gen.bool, Gen.bool, Gen.int(in: 7...7))
        #expect(try triple.sample(seed: Seed(1)).2 == "x")
        #expect(try quadruple.sample(seed: Seed(1)).3 == 7)
    }

    @Test("Arrays respect their length range; exact counts draw no coins")
    func arrayLengths() throws {
        #expect(try samples(Gen.bool.array(of: 2...4)).allSatisfy { (2...4).contains($0.count) })
        #expect(try samples(Gen.bool.array(count: 3)).allSatisfy { $0.count == 3 })
        let testCase = TestCase(seed: Seed(2))
        _ = try Gen.int(in: 5...9).array(count: 4).generate(testCase)
        #expect(testCase.choices.count == 4)
    }

    @Test("The default length averages about five elements")
    func defaultLength() throws {
        let lengths = try samples(Gen.bool.array(), count: 2000).map(\.count)
        let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
        #expect((4.0...6.0).contains(mean))
    }

    @Test("oneOf and frequency shrink toward the first alternative and respect zero weights")
    func alternatives() throws {
        let gen = Gen.frequency([(1, Gen.constant("a")), (0, Gen.constant("never")), (3, Gen.constant("c"))])
        let values = try samples(gen, count: 400)
        #expect(!values.contains("never"))
        #expect(Set(values) == ["a", "c"])
        #expect(try gen.generate(TestCase(replaying: [0])) == "a")
        #expect(try Gen.oneOf(Gen.constant(1), Gen.constant(2)).generate(TestCase(replaying: [1])) == 2)
    }

    @Test("A filter that never succeeds reports exhaustion")
    func filterExhaustion() throws {
        let never = Gen.int(in: 0...100).filter(maxAttempts: 5) { _ in false }
        let testCase = TestCase(seed: Seed(9))
        #expect(throws: GenerationStop.filterExhausted) { try never.generate(testCase) }
        #expect(testCase.filterRejections == 5)
        #expect(testCase.spans.filter(\.isDiscarded).count == 5)
        let result = Property.check(never, seed: Seed(9)) { _ in true }
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the run to give up, got \(result.report)")
            return
        }
        #expect(reason.contains("filter exhaustion"))
        #expect(result.statistics.filterExhaustions == 100)
    }

    @Test("A filter keeps only accepted values and counts what it threw away")
    func filterKeeps() throws {
        let even = Gen.int(in: 0...100).filter { $0 % 2 == 0 }
        #expect(try samples(even).allSatisfy { $0 % 2 == 0 })
    }

    @Test("Generators given impossible arguments report an error instead of crashing")
    func invalidArguments() {
        let empty = Gen<Int>.element(of: [])
        let result = Property.check(empty, seed: Seed(1)) { _ in true }
        guard case .gaveUp(let reason) = result.outcome else {
            Issue.record("expected the run to give up, got \(result.report)")
            return
        }
        #expect(reason.contains("element(of:)"))
        #expect(throws: GenerationStop.self) { try Gen<Int>.frequency([]).sample(seed: Seed(1)) }
        #expect(throws: GenerationStop.self) { try Gen.double(in: 0...Double.infinity).sample(seed: Seed(1)) }
    }

    @Test("Doubles stay in range and shrink toward the lower bound")
    func doubles() throws {
        #expect(try samples(Gen.double(in: -1...1)).allSatisfy { (-1...1).contains($0) })
        #expect(try Gen.double(in: 2...3).generate(TestCase(replaying: [0])) == 2)
    }

    @Test("Recursive generators never exceed their depth bound")
    func recursionDepth() throws {
        indirect enum Tree: Sendable {
            case leaf
            case node(Tree, Tree)
            var depth: Int {
                switch self {
                case .leaf: 0
                case .node(let left, let right): 1 + Swift.max(left.depth, right.depth)
                }
            }
        }
        let tree = Gen.recursive(maxDepth: 3, leaves: [(1, Gen.constant(Tree.leaf))]) { child in
            [(4, Gen.zip(child, child).map { Tree.node($0, $1) })]
        }
        let depths = try samples(tree, count: 300).map(\.depth)
        #expect(depths.allSatisfy { $0 <= 3 })
        #expect(depths.contains(3))
    }

    @Test("Element picks shrink toward the first element")
    func elements() throws {
        #expect(try Gen.element(of: ["x", "y", "z"]).generate(TestCase(replaying: [0])) == "x")
        #expect(try Set(samples(Gen.element(of: ["x", "y", "z"]))) == ["x", "y", "z"])
    }
}

@Suite("Swarm testing")
struct GeneratorsSwarmTests {
    private let kinds = [Gen.constant(0), Gen.constant(1), Gen.constant(2), Gen.constant(3)]

    @Test("With swarm on, some cases leave alternatives out of the whole case")
    func swarmOn() throws {
        let gen = Swarm.gen(count: 4).flatMap { swarm in Gen.oneOf(kinds, swarm: swarm).array(count: 30) }
        let cases = try (0..<100).map { try gen.sample(seed: Seed(5).derived(UInt64($0))) }
        #expect(cases.contains { Set($0).count < 4 })
        #expect(cases.allSatisfy { !$0.isEmpty })
    }

    @Test("With swarm off, every alternative stays enabled and nothing extra is drawn")
    func swarmOff() throws {
        let testCase = TestCase(seed: Seed(6))
        let swarm = try Swarm.draw(count: 4, in: testCase, isOn: false)
        #expect(swarm.enabledIndices == [0, 1, 2, 3])
        #expect(testCase.choices.isEmpty)
        let gen = Swarm.gen(count: 4, isOn: false).flatMap { swarm in Gen.oneOf(kinds, swarm: swarm).array(count: 200) }
        #expect(try Set(gen.sample(seed: Seed(6))) == [0, 1, 2, 3])
    }

    @Test("Swarm flags are choices whose simplest value enables everything")
    func swarmShrinksTowardAllEnabled() throws {
        let testCase = TestCase(replaying: [0, 0, 0, 0])
        #expect(try Swarm.draw(count: 4, in: testCase).enabledIndices == [0, 1, 2, 3])
        let partial = try Swarm.draw(count: 4, in: TestCase(replaying: [1, 0, 1, 0]))
        #expect(partial.enabledIndices == [1, 3])
        #expect(partial.enabled(1) && !partial.enabled(0) && !partial.enabled(9))
    }

    @Test("A swarm that disables everything enables everything instead")
    func neverEmpty() throws {
        #expect(try Swarm.draw(count: 3, in: TestCase(replaying: [1, 1, 1])).enabledIndices == [0, 1, 2])
    }

    @Test("Replaying a pick of a disabled alternative rejects the case")
    func disabledPickRejects() throws {
        let swarm = try Swarm.draw(count: 4, in: TestCase(replaying: [1, 0, 0, 0]))
        #expect(throws: GenerationStop.rejected) {
            try Gen.oneOf(kinds, swarm: swarm).generate(TestCase(replaying: [0]))
        }
    }
}
