import Generators
import Testing

/// Replays a candidate through `gen` and `fails`, in the shape the shrinker expects.
private func verdict<Value>(_ gen: Gen<Value>, _ testCase: TestCase, fails: (Value) -> Bool) -> ShrinkVerdict {
    do {
        return fails(try gen.generate(testCase)) ? .interesting : .notInteresting
    } catch let stop as GenerationStop {
        return stop == .overrun ? .overrun : .invalid
    } catch {
        return .invalid
    }
}

/// The first failing case of `gen` under `fails`, searching derived seeds.
private func firstFailure<Value>(_ gen: Gen<Value>, seed: Seed, fails: (Value) -> Bool) -> TestCase? {
    for index in 0..<2_000 {
        let testCase = TestCase(seed: seed.derived(UInt64(index)))
        if let value = try? gen.generate(testCase), fails(value) { return testCase }
    }
    return nil
}

@Suite("The shrinker")
struct GeneratorsShrinkerTests {
    private static let list = Gen.int(in: -1_000...1_000).array()
    private static let properties: [(String, @Sendable ([Int]) -> Bool)] = [
        ("sum above 100", { $0.reduce(0, +) > 100 }),
        ("unsorted with a large element", { $0 != $0.sorted() && $0.contains { $0 >= 50 } }),
        ("three distinct values", { Set($0).count >= 3 }),
        (
            "a negative after a positive",
            { list in list.indices.contains { i in list[i] > 0 && list[(i + 1)...].contains { $0 < 0 } } }
        ),
    ]

    @Test("Every shrink result still fails and is shortlex-smaller than the original (over many seeds)")
    func resultsFailAndAreSmaller() throws {
        var shrinks = 0
        for (name, fails) in Self.properties {
            for raw in 0..<25 {
                guard let original = firstFailure(Self.list, seed: Seed(UInt64(raw)), fails: fails) else { continue }
                let result = Shrinker().shrink(original.choiceSequence, spans: original.spans) {
                    verdict(Self.list, $0, fails: fails)
                }
                let shrunk = try Self.list.generate(TestCase(replaying: result.sequence))
                #expect(fails(shrunk), "\(name): shrunk value \(shrunk) no longer fails")
                #expect(result.sequence <= original.choiceSequence)
                #expect(result.improvements == 0 || result.sequence < original.choiceSequence)
                #expect(result.stopReason == .fixedPoint)
                shrinks += 1
            }
        }
        #expect(shrinks >= 80)
    }

    @Test("The shrinker only runs strictly smaller candidates, each at most once")
    func onlySmallerAndNoDuplicates() throws {
        let fails: ([Int]) -> Bool = { $0.reduce(0, +) > 100 }
        let original = try #require(firstFailure(Self.list, seed: Seed(42), fails: fails))
        var best = original.choiceSequence.values
        var seen: Set<[UInt64]> = []
        var calls = 0
        let result = Shrinker().shrink(original.choiceSequence, spans: original.spans) { testCase in
            calls += 1
            let candidate = testCase.replayPrefix
            #expect(ChoiceSequence.shortlexPrecedes(candidate, best))
            #expect(seen.insert(candidate).inserted, "candidate \(candidate) was run twice")
            let outcome = verdict(Self.list, testCase, fails: fails)
            // The recording of a replay is never larger than the candidate it replayed.
            let recorded = testCase.choiceSequence.values
            #expect(!ChoiceSequence.shortlexPrecedes(candidate, recorded))
            if outcome == .interesting { best = recorded }
            return outcome
        }
        #expect(result.evaluations == calls)
        #expect(result.sequence.values == best)
        #expect(result.passes.map(\.calls).reduce(0, +) == calls)
        #expect(result.passes.map(\.name) == Shrinker.passNames)
    }

    @Test("The same input gives the same shrink path and result")
    func deterministic() throws {
        let fails: ([Int]) -> Bool = { Set($0).count >= 3 }
        let original = try #require(firstFailure(Self.list, seed: Seed(7), fails: fails))
        func run() -> ([[UInt64]], ShrinkResult) {
            var path: [[UInt64]] = []
            let result = Shrinker().shrink(original.choiceSequence, spans: original.spans) { testCase in
                path.append(testCase.choiceSequence.values)
                return verdict(Self.list, testCase, fails: fails)
            }
            return (path, result)
        }
        let (firstPath, first) = run()
        let (secondPath, second) = run()
        #expect(firstPath == secondPath)
        #expect(first.sequence == second.sequence)
        #expect(first.passes == second.passes)
    }

    @Test("A small evaluation budget stops the shrink and says so")
    func evaluationBudget() throws {
        let fails: ([Int]) -> Bool = { $0.count >= 3 && $0.reduce(0, +) > 100 }
        let original = try #require(firstFailure(Self.list, seed: Seed(8), fails: fails))
        let shrinker = Shrinker(configuration: .init(maxEvaluations: 5))
        let result = shrinker.shrink(original.choiceSequence, spans: original.spans) {
            verdict(Self.list, $0, fails: fails)
        }
        #expect(result.evaluations == 5)
        #expect(result.stopReason == .evaluationBudget)
        #expect(result.capHit)
        #expect(result.stopReason.description.contains("budget"))
    }

    @Test("The stall limit and the time limit stop a shrink with their own reasons")
    func stallAndTimeLimits() throws {
        let fails: ([Int]) -> Bool = { $0.count >= 4 }
        let original = try #require(firstFailure(Self.list, seed: Seed(9), fails: fails))
        let stalled = Shrinker(configuration: .init(stallLimit: 1))
            .shrink(original.choiceSequence, spans: original.spans) { verdict(Self.list, $0, fails: fails) }
        #expect(stalled.stopReason == .stallLimit)
        let timed = Shrinker(configuration: .init(timeLimit: .zero))
            .shrink(original.choiceSequence, spans: original.spans) { verdict(Self.list, $0, fails: fails) }
        #expect(timed.stopReason == .timeLimit)
        #expect(timed.evaluations == 0)
        #expect(timed.sequence == original.choiceSequence)
    }

    @Test("Lists shrink to the canonical minimum", arguments: 0..<6)
    func canonicalLists(seed: Int) throws {
        let fails: ([Int]) -> Bool = { $0.reduce(0, +) > 100 }
        let original = try #require(firstFailure(Self.list, seed: Seed(UInt64(seed) + 100), fails: fails))
        let result = Shrinker().shrink(original.choiceSequence, spans: original.spans) {
            verdict(Self.list, $0, fails: fails)
        }
        #expect(try Self.list.generate(TestCase(replaying: result.sequence)) == [101])
    }
}
