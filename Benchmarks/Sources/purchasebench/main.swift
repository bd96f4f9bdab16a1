import BuiltInSubjects
import Foundation

// PurchaseBench-1 (../shared/bench/PurchaseBench-1.md) and PurchaseBench-2 (Benchmarks/PurchaseBench-2.md)
// with our engine; the same command line, JSON lines and --replay-check protocol as the peers.

let usage = """
    USAGE: purchasebench [--bench 1|2] --mutant M1..M8|D1..D8|none [--seed N] [--budget 10000]
           purchasebench [--bench 1|2] --mutant none --throughput N [--jobs J] [--repeat R]
           purchasebench [--bench 1|2] --all [--seeds 20] [--first-seed 1] [--mutants M1,M2] [--budget 10000] [--out raw.jsonl]
           purchasebench [--bench 1|2] --replay-check < histories.txt

      --bench B         which PurchaseBench: 1 (default; mutants M1..M8) or 2 (billing grace and retry; D1..D8)

      --mutant M        one search (a fresh campaign: 1 thread, the bench's four checks); one JSON line
      --throughput N    histories/s and events/s with the correct app over N histories, best of R runs
                        (default 5) on J threads (default 1)
      --all             every (mutant, seed) search in a fresh subprocess, then one throughput run;
                        records to --out as they arrive, a summary table on standard error
      --replay-check    per input line (events separated by '; '), the verdict of each subject
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var options: [String: String] = [:]
var flags = Set<String>()
var rest = CommandLine.arguments.dropFirst()
while let argument = rest.popFirst() {
    switch argument {
    case "--all", "--replay-check", "--help", "-h":
        flags.insert(argument)
    case "--bench", "--mutant", "--seed", "--budget", "--throughput", "--jobs", "--repeat", "--seeds", "--first-seed", "--mutants",
        "--out":
        guard let value = rest.popFirst() else { fail("\(argument) needs a value") }
        options[argument] = value
    default:
        fail("unknown argument '\(argument)'")
    }
}

@MainActor func integer(_ name: String, _ fallback: Int) -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text), value >= 0 else { fail("\(name) needs a non-negative integer") }
    return value
}

switch options["--bench"] ?? "1" {
case "1": BenchSuite.current = .one
case "2": BenchSuite.current = .two
default: fail("--bench takes 1 or 2")
}
let knownMutants = BenchSuite.current.mutants

if flags.contains("--help") || flags.contains("-h") {
    print(usage)
    exit(0)
}
if flags.contains("--replay-check") {
    replayCheck()
    exit(0)
}
let budget = integer("--budget", 10_000)
if flags.contains("--all") {
    let mutants = (options["--mutants"] ?? knownMutants.joined(separator: ",")).split(separator: ",").map(String.init)
    for m in mutants where !knownMutants.contains(m) { fail("unknown mutant \(m)") }
    let first = integer("--first-seed", 1)
    let count = max(1, integer("--seeds", 20))
    runAll(mutants: mutants, seeds: first...(first + count - 1), budget: budget, out: options["--out"])
    exit(0)
}
guard let mutant = options["--mutant"] else { fail("--mutant, --all or --replay-check is required") }
guard mutant == "none" || knownMutants.contains(mutant) else { fail("unknown mutant \(mutant)") }
let seed = UInt64(integer("--seed", 0))
if options["--throughput"] != nil {
    guard mutant == "none" else { fail("--throughput runs the correct app: use --mutant none") }
    print(throughputRecord(
        histories: max(1, integer("--throughput", 2_000)), jobs: max(1, integer("--jobs", 1)),
        repeats: max(1, integer("--repeat", 5)), seed: seed))
} else {
    print(searchRecord(mutant: mutant, seed: seed, budget: max(1, budget)))
}
exit(0)
