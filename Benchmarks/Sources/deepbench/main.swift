// Deep mutants of the full reference subject (issue 11): histories to failure per (mutant, seed),
// one JSON line each, so a before/after table of generation changes can be written.
//
//   deepbench [--budget N] [--seeds A-B] [--mutant NAME]... [--label TEXT] [--no-shrink] [--unguided] [--boundary-probability P]
//
// Each run is the built-in subject `deep-NAME` (the reference app with one mistake) under its own
// profile, one thread, `N` histories (default 2,000), seeds A…B (default 1-20).
import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

struct Options {
    var budget = 2_000
    var seeds: ClosedRange<UInt64> = 1...20
    var mutants: [DeepApp.Mutant] = DeepApp.Mutant.allCases
    var label = "current"
    var shrink = true
    /// Whether a share of histories re-draws tails of prefixes the model-only exploration kept.
    var guided = true
    /// When set, overrides the profile's boundary probability (0 draws time as before issue 11).
    var boundaryProbability: Double?
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var chosen: [DeepApp.Mutant] = []
    var i = 0
    while i < arguments.count {
        let flag = arguments[i]
        if flag == "--unguided" {
            options.guided = false
            i += 1
            continue
        }
        if flag == "--no-shrink" {
            options.shrink = false
            i += 1
            continue
        }
        guard i + 1 < arguments.count else { return nil }
        let value = arguments[i + 1]
        switch flag {
        case "--budget":
            guard let n = Int(value), n > 0 else { return nil }
            options.budget = n
        case "--seeds":
            let parts = value.split(separator: "-").compactMap { UInt64($0) }
            guard parts.count == 2, parts[0] <= parts[1] else { return nil }
            options.seeds = parts[0]...parts[1]
        case "--mutant":
            guard let m = DeepApp.Mutant(rawValue: value) else { return nil }
            chosen.append(m)
        case "--boundary-probability":
            guard let p = Double(value), p >= 0, p < 1 else { return nil }
            options.boundaryProbability = p
        case "--label":
            options.label = value
        default:
            return nil
        }
        i += 2
    }
    if !chosen.isEmpty { options.mutants = chosen }
    return options
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("usage: deepbench [--budget N] [--seeds A-B] [--mutant NAME]... [--label TEXT] [--no-shrink] [--unguided] [--boundary-probability P]\n".utf8))
    exit(2)
}

let subjects = BuiltInSubjects.all
let clock = ContinuousClock()
for mutant in options.mutants {
    guard let runner = subjects.first(where: { $0.name == "deep-\(mutant.rawValue)" }) else {
        FileHandle.standardError.write(Data("no built-in subject deep-\(mutant.rawValue)\n".utf8))
        exit(2)
    }
    for seed in options.seeds {
        var profile = runner.profile
        if let p = options.boundaryProbability { profile.boundaryProbability = p }
        var configuration = CampaignConfiguration(histories: options.budget, seed: Seed(seed), profile: profile)
        configuration.parallelism = 1
        configuration.checks = runner.checks
        if !options.guided { configuration.guidedEvery = 0 }
        if !options.shrink {
            configuration.shrinkStarts = 1
            configuration.shrinkSearchHistories = 0
            configuration.shrinking.maxEvaluations = 50
        }
        let started = clock.now
        let result = runner.run(configuration: configuration)
        let seconds = Double((clock.now - started).components.attoseconds) / 1e18
            + Double((clock.now - started).components.seconds)
        let report = result.failures.first
        let historiesToFailure = report.flatMap { $0.foundAfterHistories }.map { String($0) } ?? "null"
        var fields: [String] = [
            "\"label\": \"\(options.label)\"", "\"mutant\": \"\(mutant.rawValue)\"",
            "\"time_window\": \(mutant.isTimeWindow)", "\"seed\": \(seed)", "\"budget\": \(options.budget)",
            "\"found\": \(report != nil)",
            "\"histories_to_failure\": \(historiesToFailure)",
            "\"seconds\": \(String(format: "%.3f", seconds))",
        ]
        if let report {
            let events = report.history.events.map { "\"\($0.compact)\"" }.joined(separator: ", ")
            fields += [
                "\"check\": \"\(report.check.rawValue)\"", "\"first_failure_length\": \(report.originalLength)",
                "\"shrunk_length\": \(report.history.events.count)", "\"shrunk_history\": [\(events)]",
            ]
        }
        FileHandle.standardOutput.write(Data(("{" + fields.joined(separator: ", ") + "}\n").utf8))
    }
}
