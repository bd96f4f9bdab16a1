import Foundation
import Generators
import ShrinkingChallenge

// Runs the shrinking challenge (see ShrinkingChallenge.md) and prints the brief's tables.

let parsed = Options.parse(Array(CommandLine.arguments.dropFirst()))
let options: Options
switch parsed {
case .failure(let error):
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(Options.usage)\n".utf8))
    exit(2)
case .success(nil):
    print(Options.usage)
    exit(0)
case .success(let value?):
    options = value
}

let challenges: [Challenge]
if let name = options.variant {
    guard let challenge = Challenge.named(name) else {
        let names = Challenge.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("error: unknown variant '\(name)'; known: \(names)\n".utf8))
        exit(2)
    }
    challenges = [challenge]
} else {
    challenges = Challenge.all
}

guard FileManager.default.createFile(atPath: options.outputPath, contents: nil),
    let output = FileHandle(forWritingAtPath: options.outputPath)
else {
    FileHandle.standardError.write(Data("error: cannot write \(options.outputPath)\n".utf8))
    exit(2)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

let header =
    "| Library (version) | runs | distinct | most common result (share) | ideal | size-min | evals: mean (min–max); median | wall ms: mean (min–max) | source |"
let rule = "|---|---|---|---|---|---|---|---|---|"
var summaries: [ChallengeSummary] = []
for challenge in challenges {
    var records: [ChallengeRunRecord] = []
    for seed in challenge.seeds(count: options.runs) {
        let record = challenge.run(seed: seed)
        records.append(record)
        if let line = try? encoder.encode(record) {
            output.write(line)
            output.write(Data("\n".utf8))
        }
    }
    let summary = ChallengeSummary(variant: challenge.name, records: records)
    summaries.append(summary)
    print("### \(challenge.name) (ideal \(challenge.idealRenderings.map { "`\($0)`" }.joined(separator: " or ")))\n")
    print(header)
    print(rule)
    if let reference = HypothesisReference.rows[challenge.name] {
        print(reference.markdown)
    } else {
        print("| Hypothesis 5.23.11 | not reported | | | | | | | |")
    }
    print(summary.markdownRow(engine: options.engineLabel, source: "`\(options.outputPath)`"))
    var notes = ["cap hit in \(summary.capHits) of \(summary.found) runs"]
    if let reference = HypothesisReference.rows[challenge.name] {
        let ours = summary.evaluations.median + 1
        notes.append(
            "median evals +1 (Hypothesis counts the first failing call) = \(format(ours)) vs Hypothesis \(format(reference.medianEvaluations))"
        )
    }
    // Hypothesis ran bound5 with lists of at most one element: add that variant for a like-for-like row.
    if challenge.name == "bound5", let easier = Challenge.named("bound5_max1") {
        var easierRecords: [ChallengeRunRecord] = []
        for seed in easier.seeds(count: options.runs) {
            let record = easier.run(seed: seed)
            easierRecords.append(record)
            if let line = try? encoder.encode(record) {
                output.write(line)
                output.write(Data("\n".utf8))
            }
        }
        let easierSummary = ChallengeSummary(variant: easier.name, records: easierRecords)
        print(
            easierSummary.markdownRow(
                engine: options.engineLabel + " (lists ≤ 1 element, as Hypothesis ran it)",
                source: "`\(options.outputPath)`"))
        notes.append(
            "lists ≤ 1 element: median evals +1 = \(format(easierSummary.evaluations.median + 1)) vs Hypothesis 132")
    }
    print("\n" + notes.joined(separator: "; ") + "\n")
}
try? output.close()

if challenges.count > 1 {
    func median(_ numbers: [Double]) -> Double {
        let sorted = numbers.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    let ideal = summaries.filter { $0.found > 0 && $0.idealPercentage >= 90 }
    let sizeMinimal = summaries.filter { $0.found > 0 && $0.sizeMinimalPercentage >= 90 }
    let core = summaries.filter { HypothesisReference.coreFive.contains($0.variant) }
    let coreIdeal = core.filter { $0.found > 0 && $0.idealPercentage >= 90 }
    let medianAll = median(summaries.map(\.evaluations.median))
    let medianCore = median(core.map(\.evaluations.median))
    print("### Summary (§4)\n")
    print(
        "| Library (version) | variants reported | ideal ≥ 90% | size-min ≥ 90% | core-5 ideal ≥ 90% | median evals (all reported) | median evals (core-5) |"
    )
    print("|---|---|---|---|---|---|---|")
    print(
        "| Hypothesis 5.23.11 | 5 | **5/5** (bound5 is the easier one-element-list variant) | 5/5 | 5/5 | 132 | 132 |")
    let missed = summaries.filter { !($0.found > 0 && $0.idealPercentage >= 90) }.map(\.variant)
    let idealText =
        "**\(ideal.count)/\(summaries.count)**"
        + (missed.isEmpty ? "" : " (below 90%: \(missed.joined(separator: ", ")))")
    print(
        "| \(options.engineLabel) | \(summaries.count) | \(idealText) | \(sizeMinimal.count)/\(summaries.count) | \(coreIdeal.count)/\(core.count) | \(format(medianAll)) (\(format(medianAll + 1)) counted as Hypothesis does) | \(format(medianCore)) (\(format(medianCore + 1)) as Hypothesis) |"
    )
    print("")
}

if options.measuresThroughput {
    print("### Generation throughput (this build)\n")
    for line in Throughput.report() { print(line) }
    print("")
}

func format(_ value: Double) -> String {
    value.rounded() == value ? "\(Int(value))" : String(format: "%.1f", value)
}
