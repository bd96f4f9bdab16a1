import Generators

/// Measures how fast generation runs: values and choices drawn per second for simple `Gen<[Int]>`s.
enum Throughput {
    struct Measurement {
        let name: String
        let values: Int
        let choices: Int
        let seconds: Double

        var valuesPerSecond: Double { Double(values) / seconds }
        var nanosecondsPerChoice: Double { seconds * 1e9 / Double(choices) }
    }

    /// One step of a history: a kind picked by weight, then that kind's parameters (~2 draws).
    static let event = Gen.frequency([
        (1, Gen.int(in: 0...3)),
        (3, Gen.int(in: 0...400)),
        (1, Gen.constant(-1)),
        (1, Gen.zip(Gen.int(in: 0...9), Gen.bool).map { $0.1 ? $0.0 : -$0.0 }),
    ])

    static func measure(_ name: String, _ gen: Gen<[Int]>, cases: Int) -> Measurement {
        let testCase = TestCase(seed: Seed(0))
        let runSeed = Seed(0x5EED)
        var values = 0
        var choices = 0
        let clock = ContinuousClock()
        let started = clock.now
        for index in 0..<cases {
            testCase.reset(seed: runSeed.derived(UInt64(index)))
            if let array = try? gen.generate(testCase) { values += array.count }
            choices += testCase.choices.count
        }
        let elapsed = clock.now - started
        let (seconds, attoseconds) = elapsed.components
        return Measurement(
            name: name, values: values, choices: choices, seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }

    static func report() -> [String] {
        let measurements = [
            measure(
                "Gen.int(in: Int32 range).array() (default lengths, mean 5)",
                Gen.int(in: Int(Int32.min)...Int(Int32.max)).array(), cases: 400_000),
            measure(
                "Gen.int(in: 0...1000).array(of: 0...100, averageLength: 50)",
                Gen.int(in: 0...1000).array(of: 0...100, averageLength: 50), cases: 60_000),
            measure("Gen.int(in: 0...1000).array(count: 50)", Gen.int(in: 0...1000).array(count: 50), cases: 60_000),
            measure(
                "50-event history: frequency of 4 kinds with parameters, array(count: 50)", event.array(count: 50),
                cases: 60_000),
        ]
        return ["| generator | values drawn/s | ns per recorded choice |", "|---|---|---|"]
            + measurements.map { m in
                "| `\(m.name)` | \(millions(m.valuesPerSecond)) M | \(oneDecimal(m.nanosecondsPerChoice)) |"
            }
    }

    static func millions(_ value: Double) -> String { oneDecimal(value / 1e6) }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
