import Generators
import Testing

@Suite("Choices, shrink indices and shortlex order")
struct GeneratorsChoiceTests {
    /// Replays index `k` through a one-integer generator.
    private func value(atIndex index: UInt64, in range: ClosedRange<Int>, target: Int) throws -> Int {
        try TestCase(replaying: [index]).drawInteger(in: range, shrinkingTowards: target)
    }

    @Test("Integer indices visit the target, then alternate sides, positive first")
    func alternatingOrder() throws {
        let order = try (0...6).map { try value(atIndex: UInt64($0), in: -10...10, target: 0) }
        #expect(order == [0, 1, -1, 2, -2, 3, -3])
        let shifted = try (0...4).map { try value(atIndex: UInt64($0), in: 0...100, target: 50) }
        #expect(shifted == [50, 51, 49, 52, 48])
    }

    @Test("Values outside the range are skipped in the order")
    func skipsOutsideRange() throws {
        let order = try (0...6).map { try value(atIndex: UInt64($0), in: -1...5, target: 0) }
        #expect(order == [0, 1, -1, 2, 3, 4, 5])
        let low = try (0...3).map { try value(atIndex: UInt64($0), in: -3...0, target: 0) }
        #expect(low == [0, -1, -2, -3])
    }

    @Test("A target outside the range is clamped to the nearest bound")
    func clampedTarget() throws {
        #expect(try value(atIndex: 0, in: 1...100, target: 0) == 1)
        #expect(try value(atIndex: 0, in: -100 ... -5, target: 0) == -5)
    }

    @Test("Every value of a range has exactly one index (drawing and replaying agree)")
    func indexRoundTrip() throws {
        var random = Xoshiro256StarStar(seed: 99)
        for _ in 0..<300 {
            let low = Int(Int64(bitPattern: random.next())) >> Int(random.next(upTo: 62) + 1)
            let width = Int(random.next(upTo: 1000))
            let range = low...(low + width)
            let target = low + Int(random.next(upTo: UInt64(width)))
            let drawn = TestCase(seed: Seed(random.next()))
            let first = try drawn.drawInteger(in: range, shrinkingTowards: target)
            #expect(range.contains(first))
            let index = drawn.choices[0].value
            #expect(try value(atIndex: index, in: range, target: target) == first)
        }
    }

    @Test("The full Int range draws and replays without overflow")
    func fullIntRange() throws {
        #expect(try value(atIndex: UInt64.max, in: Int.min...Int.max, target: 0) == Int.min)
        #expect(try value(atIndex: UInt64.max - 1, in: Int.min...Int.max, target: 0) == Int.min + 1)
        #expect(try value(atIndex: UInt64.max - 2, in: Int.min...Int.max, target: 0) == Int.max)
        let drawn = TestCase(seed: Seed(5))
        for _ in 0..<100 { _ = try drawn.drawInteger(in: Int.min...Int.max) }
    }

    @Test("Shortlex order puts shorter sequences first, then compares indices")
    func shortlexOrder() {
        func sequence(_ values: [UInt64]) -> ChoiceSequence {
            ChoiceSequence(values.map { Choice(value: $0, max: 10) })
        }
        #expect(sequence([9, 9]) < sequence([0, 0, 0]))
        #expect(sequence([0, 1]) < sequence([1, 0]))
        #expect(!(sequence([1, 2]) < sequence([1, 2])))
        #expect(sequence([]) < sequence([0]))
    }
}
