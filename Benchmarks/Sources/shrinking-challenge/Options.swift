/// Command-line options of the `shrinking-challenge` benchmark.
struct Options {
    var outputPath = "shrinking-challenge.jsonl"
    var variant: String?
    var runs = 100
    var engineLabel = "**our engine**"
    var measuresThroughput = true

    static let usage = """
        USAGE: shrinking-challenge [--out FILE] [--variant NAME] [--runs N] [--label TEXT] [--no-throughput]

        Runs every shrinking-challenge variant (or one) with the published seeds
        seed_k = splitmix64(fnv1a64(name) &+ k), k in 0..<N, writes one JSON record per run to
        FILE, and prints the brief's table per variant with Hypothesis's reported row, then the
        summary row and the generation throughput. Build with -c release for real figures.

        OPTIONS:
          --out FILE        JSON-lines output (default: shrinking-challenge.jsonl)
          --variant NAME    run only this variant (e.g. large_union_list)
          --runs N          runs per variant (default: 100)
          --label TEXT      engine label for our rows (default: **our engine**)
          --no-throughput   skip the Gen<[Int]> throughput measurement
          --help            show this help
        """

    /// Parses arguments; returns an error message for bad usage.
    static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--out":
                guard let value = rest.popFirst() else { return .failure(UsageError("--out needs a file path")) }
                options.outputPath = value
            case "--variant":
                guard let value = rest.popFirst() else { return .failure(UsageError("--variant needs a name")) }
                options.variant = value
            case "--runs":
                guard let value = rest.popFirst(), let runs = Int(value), runs > 0 else {
                    return .failure(UsageError("--runs needs a positive integer"))
                }
                options.runs = runs
            case "--label":
                guard let value = rest.popFirst() else { return .failure(UsageError("--label needs text")) }
                options.engineLabel = value
            case "--no-throughput":
                options.measuresThroughput = false
            default:
                return .failure(UsageError("unknown argument '\(argument)'"))
            }
        }
        return .success(options)
    }
}

struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
