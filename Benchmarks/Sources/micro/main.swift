import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

// Microbenchmarks (build with -c release), one JSON line each:
//  - model: `StoreModel.apply(_:into:)` events per second on one core, over pre-generated valid
//    50-event histories of the PurchaseBench-1 store (issue 2's target: at least 5 million);
//  - gen: values drawn per second for simple `Gen<[Int]>`s, one reused `TestCase` (issue 3).
// Each figure is the best of `--repeat` passes of about `--seconds` each (default 5 × 0.5 s),
// the pass least disturbed by other work on the machine; the median is given too.

var repeats = 5
var passSeconds = 0.5
/// `--once`: one untimed pass of each workload, printing its unit count (for callgrind).
var once = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--repeat": repeats = max(1, Int(arguments.popFirst() ?? "") ?? repeats)
    case "--seconds": passSeconds = max(0.05, Double(arguments.popFirst() ?? "") ?? passSeconds)
    case "--once": once = true
    default:
        FileHandle.standardError.write(Data("usage: micro [--repeat R] [--seconds S] [--once]\n".utf8))
        exit(2)
    }
}

/// splitmix64: a small deterministic generator for the histories (not the engine's).
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A valid 50-event history of the bench store: the bench's nine kinds, equally likely; a kind
/// that is not possible now is drawn again (the model's own candidate queries decide).
func makeHistory(_ rng: inout SplitMix, events: Int) -> [Event] {
    let catalog = PurchaseBench.catalog
    var model = StoreModel(catalog: catalog, settings: PurchaseBench.settings)
    var effects = StepEffects()
    var out: [Event] = []
    while out.count < events {
        let event: Event
        switch rng.below(9) {
        case 0...3:
            let p = rng.below(4)
            guard model.canPurchase(p) else { continue }
            event = .purchase(catalog.products[p].id)
        case 4: event = .advanceTime(by: .days(1 + rng.below(400)))
        case 5:
            guard let toggle = model.autoRenewToggles.first(where: { !$0.enabled }) else { continue }
            event = .setAutoRenew(group: toggle.group, enabled: false)
        case 6:
            let candidates = model.refundableTransactions(includingConsumables: false)
            guard !candidates.isEmpty else { continue }
            event = .refund(candidates[rng.below(256) % candidates.count])
        case 7: event = .relaunch
        default: event = .restore
        }
        effects.reset()
        guard (try? model.apply(event, into: &effects)) != nil else { continue }
        out.append(event)
    }
    return out
}

struct Measurement {
    var best: Double
    var median: Double
    var all: [Double]
}

/// Runs `pass` (which returns how many units it did) repeatedly for about `passSeconds`,
/// `repeats` times; units per second per repeat.
@MainActor func measure(_ pass: () -> Int) -> Measurement {
    if once {
        let units = Double(pass())
        return Measurement(best: units, median: units, all: [units])
    }
    let clock = ContinuousClock()
    var rates: [Double] = []
    for _ in 0..<repeats {
        var units = 0
        let started = clock.now
        var elapsed = 0.0
        repeat {
            units += pass()
            let (s, atto) = (clock.now - started).components
            elapsed = Double(s) + Double(atto) / 1e18
        } while elapsed < passSeconds
        rates.append(Double(units) / elapsed)
    }
    let sorted = rates.sorted()
    let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    return Measurement(best: sorted.last ?? 0, median: median, all: rates)
}

@MainActor func emit(_ name: String, _ unit: String, _ m: Measurement, _ extra: String = "") {
    let all = m.all.map { String(format: "%.0f", $0) }.joined(separator: ", ")
    print(
        "{\"benchmark\": \"\(name)\", \"unit\": \"\(unit)\", \"best\": \(String(format: "%.0f", m.best)), "
            + "\"median\": \(String(format: "%.0f", m.median)), \"all\": [\(all)], \"repeats\": \(repeats), "
            + "\"pass_seconds\": \(passSeconds)\(extra)}")
}

// MARK: - model events applied per second

var rng = SplitMix(state: 0x5EED_0002)
let histories = (0..<2_000).map { _ in makeHistory(&rng, events: 50) }
let eventCount = histories.reduce(0) { $0 + $1.count }
/// Applies every history to a fresh model, reusing one `StepEffects`; returns the events applied.
/// With `finishing`, every transaction the store hands out is then marked finished, as an app
/// does (otherwise each relaunch hands out every transaction ever made again).
@inline(never)
func applyAll(_ histories: [[Event]], finishing: Bool, rejected: inout Int) -> Int {
    var effects = StepEffects()
    var applied = 0
    for history in histories {
        var model = StoreModel(catalog: PurchaseBench.catalog, settings: PurchaseBench.settings)
        for i in history.indices {
            effects.reset()
            do {
                try model.apply(history[i], into: &effects)
                applied += 1
            } catch {
                rejected += 1
            }
            if finishing { finishDelivered(effects, in: &model) }
        }
    }
    return applied
}

/// Marks finished every transaction delivered in `effects`.
func finishDelivered(_ effects: StepEffects, in model: inout StoreModel) {
    for message in effects.messages {
        switch message {
        case .purchaseResult(_, _, let delivery?): model.finish(delivery.transaction.id)
        case .update(let delivery): model.finish(delivery.transaction.id)
        case .relaunch(let unfinished): for d in unfinished { model.finish(d.transaction.id) }
        default: break
        }
    }
}

var rejected = 0
let modelRate = measure { applyAll(histories, finishing: false, rejected: &rejected) }
let finishingRate = measure { applyAll(histories, finishing: true, rejected: &rejected) }
emit(
    "model-apply", "events/s", modelRate,
    ", \"histories\": \(histories.count), \"events_per_history\": \(eventCount / histories.count), \"rejected\": \(rejected), \"store\": \"PurchaseBench-1\", \"finishing\": false")
emit(
    "model-apply-finishing", "events/s", finishingRate,
    ", \"histories\": \(histories.count), \"events_per_history\": \(eventCount / histories.count), \"rejected\": \(rejected), \"store\": \"PurchaseBench-1\", \"finishing\": true")

// MARK: - values drawn per second

@MainActor func drawRate(_ gen: Gen<[Int]>) -> Measurement {
    let testCase = TestCase(seed: Seed(0))
    let runSeed = Seed(0x5EED)
    var index: UInt64 = 0
    return measure {
        var values = 0
        for _ in 0..<1_000 {
            testCase.reset(seed: runSeed.derived(index))
            index &+= 1
            if let array = try? gen.generate(testCase) { values += array.count }
        }
        return values
    }
}

emit("gen-int-array-count-50", "values/s", drawRate(Gen.int(in: 0...1000).array(count: 50)),
    ", \"generator\": \"Gen.int(in: 0...1000).array(count: 50)\"")
emit("gen-int32-array-default", "values/s", drawRate(Gen.int(in: Int(Int32.min)...Int(Int32.max)).array()),
    ", \"generator\": \"Gen.int(in: Int32.min...Int32.max).array() (default lengths, mean 5)\"")
