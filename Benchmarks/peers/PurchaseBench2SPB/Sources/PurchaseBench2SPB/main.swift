// PurchaseBench-2 peer: command line. Bench.swift has the property and the measurements,
// Model.swift the store, the apps and the checks.
//
//   purchasebench2-spb --mutant D1 --seed 7 [--budget 10000]   one search, one JSON line
//   purchasebench2-spb --mutant none                           correct app, 10,000 histories
//   purchasebench2-spb --mutant none --throughput 2000         histories/s, correct app
//   purchasebench2-spb --all --seeds 20 --out raw.jsonl [--budget B] [--jobs J]
//   purchasebench2-spb --selftest | --replay-check < histories
import Foundation

func usage() -> Never {
    print("""
    usage: purchasebench2-spb --mutant D1..D8|none [--seed N] [--budget 10000] [--seed-mode interpose|system]
           purchasebench2-spb --mutant none --throughput N
           purchasebench2-spb --all [--seeds 20] [--first-seed 1] [--mutants D1,D2] [--out raw.jsonl]
                              [--budget 10000] [--jobs 1]
           purchasebench2-spb --selftest | --replay-check < histories | --minimality [--depth 4] [--mutants D4,D6]
    """)
    exit(2)
}

var argv = Array(CommandLine.arguments.dropFirst())
var opts: [String: String] = [:]
var flags = Set<String>()
while !argv.isEmpty {
    let a = argv.removeFirst()
    switch a {
    case "--all", "--selftest", "--minimality", "--replay-check", "--help", "-h": flags.insert(a)
    case "--mutant", "--seed", "--budget", "--throughput", "--seeds", "--first-seed", "--mutants", "--out",
         "--seed-mode", "--jobs", "--depth":
        guard !argv.isEmpty else { usage() }
        opts[a] = argv.removeFirst()
    default: usage()
    }
}
if flags.contains("--help") || flags.contains("-h") { usage() }
if let v = opts["--seed"] { guard let s = UInt64(v) else { usage() }; cfg.seed = s }
if let v = opts["--budget"] { guard let b = Int(v), b > 0 else { usage() }; cfg.count = b }
if let v = opts["--seed-mode"] { guard v == "interpose" || v == "system" else { usage() }; cfg.seedMode = v }

if flags.contains("--selftest") { exit(selftest() ? 0 : 1) }
if flags.contains("--replay-check") { replayCheck(); exit(0) }
if flags.contains("--minimality") {
    let ms = (opts["--mutants"] ?? allMutants.map(\.rawValue).joined(separator: ",")).split(separator: ",")
        .map { name -> Mutant in guard let m = Mutant(rawValue: String(name)) else { usage() }; return m }
    exit(minimality(maxDepth: Int(opts["--depth"] ?? "4") ?? 4, mutants: ms) ? 0 : 1)
}

if flags.contains("--all") {
    let seeds = Int(opts["--seeds"] ?? "20") ?? 20
    let first = Int(opts["--first-seed"] ?? "1") ?? 1
    let jobs = Int(opts["--jobs"] ?? "1") ?? 1
    let mutants = (opts["--mutants"] ?? allMutants.map(\.rawValue).joined(separator: ","))
        .split(separator: ",").map(String.init)
    for m in mutants where Mutant(rawValue: m) == nil { usage() }
    runAll(mutants: mutants, seeds: seeds, first: first, jobs: jobs, out: opts["--out"].map { URL(fileURLWithPath: $0) })
    exit(0)
}

guard let mname = opts["--mutant"], let m = Mutant(rawValue: mname) else { usage() }
cfg.mutant = m
if let t = opts["--throughput"] {
    guard m == .none, let n = Int(t), n > 0 else { usage() }
    cfg.count = n
    print(await throughputRecord())
} else {
    print(await searchRecord())
}
exit(0)
