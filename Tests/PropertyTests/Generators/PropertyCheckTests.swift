import Generators
import Testing

@Suite("Property runs")
struct GeneratorsPropertyCheckTests {
    private let list = Gen.int(in: -100...100).array()

    @Test("A property that holds passes with every case counted")
    func passing() {
        let result = Property.check(list, seed: Seed(1), maxCases: 150) { $0.count >= 0 }
        #expect(result.passed)
        #expect(result.casesGenerated == 150)
        #expect(result.statistics.validCases == 150)
        #expect(result.report.hasPrefix("✔"))
    }

    @Test("A run is deterministic per seed, shrinking included")
    func deterministicRuns() throws {
        let first = try #require(Property.check(list, seed: Seed(5)) { $0.reduce(0, +) < 150 }.counterexample)
        let second = try #require(Property.check(list, seed: Seed(5)) { $0.reduce(0, +) < 150 }.counterexample)
        #expect(first.original == second.original)
        #expect(first.shrunk == second.shrunk)
        #expect(first.shrunkChoices == second.shrunkChoices)
        #expect(first.caseSeed == Seed(5).derived(UInt64(first.caseIndex)))
    }

    @Test("A failure reports original and shrunk values, a replay token and shrink statistics")
    func failureReport() throws {
        let result = Property.check(list, seed: Seed(2)) { $0.reduce(0, +) < 150 }
        let counterexample = try #require(result.counterexample)
        #expect(counterexample.shrunk == [50, 100])
        #expect(counterexample.original.reduce(0, +) >= 150)
        #expect(counterexample.failure.kind == "returned false")
        let shrink = try #require(counterexample.shrink)
        #expect(shrink.evaluations > 0)
        #expect(shrink.stopReason == .fixedPoint)
        #expect(try list.replay(ReplayToken(parsing: counterexample.replayToken.text)) == counterexample.shrunk)
        #expect(result.report.contains("Replay: g1:"))
    }

    @Test("A shrunk case must fail the same way: a different error does not count")
    func sameWay() throws {
        struct Overflow: Error {}
        struct Underflow: Error {}
        let result = Property.check(list, seed: Seed(3)) { values in
            if values.contains(where: { $0 > 90 }) { throw Overflow() }
            if values.count > 2 { throw Underflow() }
            return true
        }
        let counterexample = try #require(result.counterexample)
        let kind = counterexample.failure.kind
        #expect(kind.hasSuffix("Overflow") || kind.hasSuffix("Underflow"))
        if kind.hasSuffix("Overflow") {
            #expect(counterexample.shrunk == [91])
        } else {
            #expect(counterexample.shrunk == [0, 0, 0])
        }
    }

    @Test("assume rejects a case without failing the run, and the rejections are counted")
    func assumeRejects() {
        let result = Property.check(list, seed: Seed(4), maxCases: 200) { values in
            try Property.assume(values.count >= 2)
            return true
        }
        #expect(result.passed)
        #expect(result.statistics.preconditionRejections > 0)
        #expect(result.statistics.validCases + result.statistics.invalidCases == 200)
    }

    @Test("Labels are counted once per case and sorted")
    func labels() {
        let labelled = list.classified { $0.isEmpty ? "empty" : "non-empty" }
        let result = Property.check(labelled, seed: Seed(6), maxCases: 300) { _ in true }
        let counts = result.statistics.labelCounts
        #expect(counts.map(\.label) == ["empty", "non-empty"])
        #expect(counts.map(\.cases).reduce(0, +) == 300)
        #expect(result.statistics.percentage(of: "empty") > 5)
    }

    @Test("A coverage requirement that is not met fails the run")
    func coverageFails() {
        let labelled = list.classified { $0.count > 20 ? "long" : "short" }
        let requirement = CoverageRequirement("long", atLeast: 50)
        let result = Property.check(labelled, seed: Seed(7), maxCases: 200, coverage: [requirement]) { _ in true }
        guard case .insufficientCoverage(let shortfalls) = result.outcome else {
            Issue.record("expected insufficient coverage, got \(result.report)")
            return
        }
        #expect(shortfalls.map(\.requirement) == [requirement])
        #expect(shortfalls[0].description.contains("\"long\""))
        #expect(!result.passed)
    }

    @Test("A coverage requirement that is met lets the run pass")
    func coveragePasses() {
        let labelled = list.classified { $0.count > 20 ? "long" : "short" }
        let result = Property.check(
            labelled, seed: Seed(7), maxCases: 200, coverage: [CoverageRequirement("short", atLeast: 50)]
        ) { _ in true }
        #expect(result.passed)
    }

    @Test("A label never reached misses even a 0 % requirement; one reached once meets it")
    func coverageNeedsOneCase() {
        let labelled = list.classified { $0.count > 1_000 ? "huge" : "small" }
        let result = Property.check(
            labelled, seed: Seed(7), maxCases: 100, coverage: [CoverageRequirement("huge"), CoverageRequirement("small")]
        ) { _ in true }
        guard case .insufficientCoverage(let shortfalls) = result.outcome else {
            Issue.record("expected insufficient coverage, got \(result.report)")
            return
        }
        #expect(shortfalls.map(\.requirement.label) == ["huge"])
    }

    @Test("Turning shrinking off reports the original failure as is")
    func noShrinking() throws {
        let configuration = Property.Configuration(shrinks: false)
        let counterexample = try #require(
            Property.check(list, seed: Seed(8), configuration: configuration) { $0.count < 3 }.counterexample)
        #expect(counterexample.shrink == nil)
        #expect(counterexample.shrunk == counterexample.original)
    }
}
