import Generators
import Testing

@Suite("The draw object: recording, replay and overrun")
struct GeneratorsTestCaseTests {
    private let history = Gen.int(in: 0...2).flatMap { kind in
        kind == 0 ? Gen.constant([0]) : Gen.int(in: -50...50).array(count: kind)
    }.array(of: 0...20)

    @Test("The same seed gives the same value and the same choices")
    func sameSeedSameValue() throws {
        for raw in 0..<50 {
            let seed = Seed(UInt64(raw) &* 0x9E37_79B9)
            let first = TestCase(seed: seed)
            let second = TestCase(seed: seed)
            #expect(try history.generate(first) == history.generate(second))
            #expect(first.choices == second.choices)
            #expect(first.spans == second.spans)
        }
    }

    @Test("Different seeds give different values")
    func differentSeedsDiffer() throws {
        let values = try (0..<20).map { try Gen.int(in: Int.min...Int.max).sample(seed: Seed(UInt64($0))) }
        #expect(Set(values).count == 20)
    }

    @Test("Resetting a test case replays a seed exactly, reusing its buffers")
    func resetReproduces() throws {
        let testCase = TestCase(seed: Seed(1))
        let first = try history.generate(testCase)
        let firstChoices = testCase.choices
        testCase.reset(seed: Seed(2))
        _ = try history.generate(testCase)
        testCase.reset(seed: Seed(1))
        #expect(try history.generate(testCase) == first)
        #expect(testCase.choices == firstChoices)
    }

    @Test("Replaying a recorded sequence reproduces the value and the recording")
    func replayReproduces() throws {
        let original = TestCase(seed: Seed(77))
        let value = try history.generate(original)
        let replay = TestCase(replaying: original.choiceSequence)
        #expect(try history.generate(replay) == value)
        #expect(replay.choices == original.choices)
        #expect(replay.spans == original.spans)
    }

    @Test("Drawing past the end of a replayed prefix is an overrun, not a crash")
    func overrun() throws {
        let original = TestCase(seed: Seed(78))
        _ = try Gen.int(in: 0...9).array(count: 5).generate(original)
        let truncated = Array(original.choiceSequence.values.dropLast())
        #expect(throws: GenerationStop.overrun) {
            try Gen.int(in: 0...9).array(count: 5).generate(TestCase(replaying: truncated))
        }
    }

    @Test("Random mode stops with an overrun at the choice limit")
    func choiceLimit() {
        let testCase = TestCase(seed: Seed(3), maxChoices: 10)
        #expect(throws: GenerationStop.overrun) {
            try Gen.int(in: 0...9).array(count: 11).generate(testCase)
        }
        #expect(testCase.choices.count == 10)
    }

    @Test("A replayed index above a draw's bound is clamped to the bound and recorded clamped")
    func clamping() throws {
        let testCase = TestCase(replaying: [7, 99])
        #expect(try testCase.drawBool() == true)
        #expect(try testCase.drawUnsigned(upTo: 5) == 5)
        #expect(testCase.choices.map(\.value) == [1, 5])
    }

    @Test("Booleans record index 0 for false; certain outcomes are forced and unshrinkable")
    func booleans() throws {
        let testCase = TestCase(replaying: [0, 1, 1, 0])
        #expect(try testCase.drawBool(probability: 0.5) == false)
        #expect(try testCase.drawBool(probability: 0.5) == true)
        #expect(try testCase.drawBool(probability: 0) == false)
        #expect(try testCase.drawBool(probability: 1) == true)
        #expect(testCase.choices.map(\.max) == [1, 1, 0, 0])
    }

    @Test("Each array element is one span that includes its keep-going coin")
    func elementSpans() throws {
        let testCase = TestCase(replaying: [1, 4, 1, 5, 0])
        let value = try Gen.int(in: 0...9).array().generate(testCase)
        #expect(value == [4, 5])
        let elements = testCase.spans.filter { $0.label == .element }
        #expect(elements.map(\.range) == [0..<2, 2..<4])
        #expect(testCase.spans.first { $0.label == .collection }?.range == 0..<5)
    }

    @Test("Deleting an element's span deletes exactly that element")
    func deletingASpan() throws {
        let gen = Gen.int(in: 0...9).array()
        let testCase = TestCase(replaying: [1, 4, 1, 5, 1, 6, 0])
        _ = try gen.generate(testCase)
        let middle = testCase.spans.filter { $0.label == .element }[1]
        var values = testCase.choiceSequence.values
        values.removeSubrange(middle.range)
        #expect(try gen.generate(TestCase(replaying: values)) == [4, 6])
    }

    @Test("Spans nest, record their parent and can be discarded")
    func spanNesting() {
        let testCase = TestCase(seed: Seed(4))
        let outer = SpanLabel("outer")
        testCase.startSpan(outer)
        _ = try? testCase.drawBool()
        testCase.startSpan(SpanLabel("inner"))
        _ = try? testCase.drawBool()
        testCase.endSpan(discard: true)
        testCase.endSpan()
        testCase.endSpan()  // an unmatched close is ignored
        #expect(testCase.spans.count == 2)
        #expect(testCase.spans[1].parent == 0)
        #expect(testCase.spans[1].depth == 1)
        #expect(testCase.spans[1].isDiscarded)
        #expect(testCase.spans[0].range == 0..<2)
    }

    @Test("Events are recorded per case and cleared by reset")
    func events() {
        let testCase = TestCase(seed: Seed(5))
        testCase.event("empty")
        #expect(testCase.events == ["empty"])
        testCase.reset(seed: Seed(6))
        #expect(testCase.events.isEmpty)
    }
}
