// PurchaseBench-2 peer on x-sheep/swift-property-based 2.0.1: the property, the measurements
// and the modes.
//
// propertyCheck() refuses to run outside a Swift Testing test (it preconditions on
// Test.Case.current), so this executable declares one @Test and calls Swift Testing's entry
// point (__swiftPMEntryPoint, what `swift test` runs) itself. The library is used as
// published: its generators (Gen.oneOf, Gen.int, .array), its search loop and its shrinker.
// This file only instruments the property body (call counting, clocks) and captures the
// library's final report through an issue-handling trait.

import CSeededEntropy
import Foundation
import PropertyBased
import Testing

// MARK: - configuration and instrumentation (globals read by the @Test)

struct Config {
    var mutant: Mutant = .none
    var count = 10000
    var seed: UInt64 = 0
    var seedMode = "interpose"  // or "system"
}

nonisolated(unsafe) var cfg = Config()

enum S {
    nonisolated(unsafe) static var calls = 0
    nonisolated(unsafe) static var steps = 0
    nonisolated(unsafe) static var rawEvents = 0
    nonisolated(unsafe) static var firstFailCall: Int? = nil
    nonisolated(unsafe) static var firstFailLength: Int? = nil
    nonisolated(unsafe) static var tStart = ContinuousClock.now
    nonisolated(unsafe) static var tFirstFail = ContinuousClock.now
    nonisolated(unsafe) static var tEnd = ContinuousClock.now
    nonisolated(unsafe) static var lastFail: [String]? = nil
    nonisolated(unsafe) static var lastFailChecks: [String] = []
    nonisolated(unsafe) static var lastFailRaw: [String] = []
    nonisolated(unsafe) static var libraryMessages: [String] = []

    /// Every failing call after the first is a shrink candidate that still fails or, last, the
    /// library's final replay of its shrunk input: the last one recorded is the shrunk history.
    static func recordFailure(_ executed: [String], _ fails: [String], raw: [String]) {
        if firstFailCall == nil {
            firstFailCall = calls
            firstFailLength = executed.count
            tFirstFail = ContinuousClock.now
        }
        lastFail = executed
        lastFailChecks = fails
        lastFailRaw = raw
    }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

// MARK: - the generator: up to 50 events, 11 equally likely kinds

let eventGen = Gen<Event>.oneOf(
    Gen.always(Event.buy(.coins)),
    Gen.always(Event.buy(.premium)),
    Gen.always(Event.buy(.monthly)),
    Gen.always(Event.buy(.yearly)),
    Gen.int(in: 1...400).map { Event.advance($0) },
    Gen.always(Event.cancelAutoRenew),
    Gen.int(in: 0...255).map { Event.refund($0) },
    Gen.always(Event.relaunch),
    Gen.always(Event.restore),
    Gen.always(Event.failBilling),
    Gen.always(Event.fixBilling)
)
let historyGen = eventGen.array(of: 0...50)

// MARK: - the property, as a Swift Testing test

@Test(.compactMapIssues { issue in
    // Keeps (and silences) the final replay's issue and the library's failure report.
    S.libraryMessages.append(String(describing: issue))
    return nil
})
func purchaseBench2Property() async {
    if cfg.seedMode == "interpose" { pb_entropy_seed(cfg.seed) }
    S.tStart = ContinuousClock.now
    await propertyCheck(count: cfg.count, input: historyGen) { events in
        S.calls += 1
        S.rawEvents += events.count
        let r = runHistory(cfg.mutant, events)
        S.steps += r.executed.count
        if r.failIndex != nil {
            S.recordFailure(r.executed.map(\.description), r.fails, raw: events.map(\.description))
            Issue.record("PurchaseBench-2 check failed: \(r.fails.joined(separator: "+"))")
        }
    }
    S.tEnd = ContinuousClock.now
}

func runSwiftTesting() async -> CInt {
    var args = __CommandLineArguments_v0()
    args.quiet = true
    args.parallel = false
    return await __swiftPMEntryPoint(passing: args)
}

// MARK: - JSON (ordered keys, the PurchaseBench-1 peers' field order)

indirect enum J {
    case s(String), i(Int), d(Double), b(Bool), null, a([J])

    var text: String {
        switch self {
        case .s(let v):
            var out = "\""
            for ch in v.unicodeScalars {
                switch ch {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                default:
                    if ch.value < 0x20 { out += String(format: "\\u%04x", ch.value) } else { out.unicodeScalars.append(ch) }
                }
            }
            return out + "\""
        case .i(let v): return String(v)
        case .d(let v): return String(format: "%.6f", v)
        case .b(let v): return v ? "true" : "false"
        case .null: return "null"
        case .a(let xs): return "[" + xs.map(\.text).joined(separator: ", ") + "]"
        }
    }
}

func object(_ pairs: [(String, J)]) -> String {
    "{" + pairs.map { "\(J.s($0.0).text): \($0.1.text)" }.joined(separator: ", ") + "}"
}

let toolName = "swift-property-based"
let libraryVersion = "2.0.1"

func firstMatch(_ pattern: String, in text: String) -> [String]? {
    guard let re = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]),
          let m = re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    return (0..<m.numberOfRanges).map { i in
        Range(m.range(at: i), in: text).map { String(text[$0]) } ?? ""
    }
}

// MARK: - modes

func searchRecord() async -> String {
    let rc = await runSwiftTesting()
    let found = S.firstFailCall != nil
    // The library's report (its spelling): "Failure occured with input [...]. (shrunk down
    // from ... after N iterations)" plus a `.fixedSeed("...")` hint.
    let report = S.libraryMessages.first { $0.contains("occured with input") } ?? ""
    let libSeed = firstMatch("fixedSeed\\(\"([^\"]+)\"\\)", in: report)?[1]
    let libIters = firstMatch("after (\\d+) iteration", in: report).flatMap { Int($0[1]) } ?? 0
    let libInput = firstMatch("occured with input (\\[.*?\\])\\.", in: report)?[1]
    let shrunk = S.lastFail ?? []
    var pairs: [(String, J)] = [
        ("tool", .s(toolName)),
        ("tool_version", .s(libraryVersion)),
        ("budget", .i(cfg.count)),
        ("mutant", .s(cfg.mutant.rawValue)),
        ("seed", .i(Int(cfg.seed))),
        ("found", .b(found)),
        ("histories_to_failure", found ? .i(S.firstFailCall!) : .null),
        ("seconds_to_failure", found ? .d(seconds(S.tFirstFail - S.tStart)) : .null),
        ("shrunk_length", found ? .i(shrunk.count) : .null),
        ("shrunk_history", found ? .a(shrunk.map { .s($0) }) : .null),
        ("ideal", .b(found && isIdeal(cfg.mutant, shrunk))),
        ("shrink_seconds", found ? .d(seconds(S.tEnd - S.tFirstFail)) : .null),
        ("total_seconds", .d(seconds(S.tEnd - S.tStart))),
        // extras
        ("first_failure_length", found ? .i(S.firstFailLength!) : .null),
        ("failed_checks", found ? .a(S.lastFailChecks.map { .s($0) }) : .null),
        ("histories_total", .i(S.calls)),
        ("shrink_executions", found ? .i(S.calls - S.firstFailCall!) : .null),
        ("steps_total", .i(S.steps)),
        ("shrunk_raw_length", found ? .i(S.lastFailRaw.count) : .null),
        ("library_shrink_iterations", found ? .i(libIters) : .null),
        ("library_seed", libSeed.map { .s($0) } ?? .null),
        ("library_report_matches", found ? .b(libInput == "[" + S.lastFailRaw.joined(separator: ", ") + "]") : .null),
        ("seed_mode", .s(cfg.seedMode)),
        ("entropy_calls_seeded", .i(Int(pb_entropy_seeded_calls()))),
        ("swift_testing_rc", .i(Int(rc))),
    ]
    if found, libInput == nil { pairs.append(("library_report", .s(report))) }
    return object(pairs)
}

func throughputRecord() async -> String {
    _ = await runSwiftTesting()
    let dt = seconds(S.tEnd - S.tStart)
    return object([
        ("tool", .s(toolName)), ("tool_version", .s(libraryVersion)),
        ("mutant", .s("none")), ("seed", .i(Int(cfg.seed))), ("max_examples", .i(cfg.count)),
        ("histories", .i(S.calls)), ("steps", .i(S.steps)), ("seconds", .d(dt)),
        ("histories_per_second", .d(Double(S.calls) / dt)),
        ("steps_per_second", .d(Double(S.steps) / dt)),
        ("mean_history_length", .d(Double(S.steps) / Double(max(S.calls, 1)))),
        ("mean_generated_length", .d(Double(S.rawEvents) / Double(max(S.calls, 1)))),
        ("failed", .b(S.firstFailCall != nil)), ("seed_mode", .s(cfg.seedMode)),
    ])
}

/// Each spec shortest history: every event runs (no precondition false), the mutant fails
/// exactly at the last event, the correct app passes it, every proper prefix passes the
/// mutant. Extra: with its last advance one day shorter the mutant passes (the window).
func selftest() -> Bool {
    var ok = true
    func bad(_ s: String) { print("FAIL: " + s); ok = false }
    for m in allMutants {
        let hist = specShortest[m]!
        let evs = hist.map { Event(parsing: $0)! }
        let r = runHistory(m, evs)
        if r.failIndex != evs.count - 1 || r.executed.map(\.description) != hist {
            bad("\(m.rawValue) spec history \(hist) -> fails at \(String(describing: r.failIndex)), executed \(r.executed)")
        } else {
            print("ok  \(m.rawValue): \(hist.joined(separator: ", ")) fails at its last event with \(r.fails)")
        }
        if !isIdeal(m, hist) { bad("\(m.rawValue) spec history is not ideal by isIdeal") }
        let c = runHistory(.none, evs)
        if c.failIndex != nil || c.executed.count != evs.count {
            bad("correct app on \(m.rawValue)'s history -> \(String(describing: c.failIndex)) \(c.fails)")
        }
        for k in 0..<evs.count {
            let p = runHistory(m, Array(evs[..<k]))
            if p.failIndex != nil { bad("\(m.rawValue) fails on the proper prefix of length \(k): \(p.fails)") }
        }
        if let li = evs.lastIndex(where: { if case .advance = $0 { return true } else { return false } }),
           case .advance(let n) = evs[li] {
            var shorter = evs
            shorter[li] = .advance(n - 1)
            let s = runHistory(m, shorter)
            if s.failIndex != nil { bad("\(m.rawValue) still fails with its last advance(\(n - 1)): \(s.fails)") }
        }
    }
    print("SELFTEST", ok ? "PASSED" : "FAILED")
    return ok
}

/// One JSON object per input line (events separated by ";"): per mutant, null or
/// [index of the first failing event, [sorted failing checks]]; keys sorted.
func replayCheck() {
    let keys: [Mutant] = allMutants + [.none]  // sorted: "D1".."D8" < "none"
    while let line = readLine() {
        let t = trimmed(line)
        var evs: [Event] = []
        var parseError: String? = nil
        if !t.isEmpty {
            for part in t.split(separator: ";", omittingEmptySubsequences: false) {
                guard let e = Event(parsing: String(part)) else { parseError = String(part); break }
                evs.append(e)
            }
        }
        if let pe = parseError {
            print("{\"error\": \(J.s("cannot parse event: " + pe).text)}")
            continue
        }
        var parts: [String] = []
        for m in keys {
            let r = runHistory(m, evs)
            let v = r.failIndex.map { "[\($0), [" + r.fails.sorted().map { J.s($0).text }.joined(separator: ", ") + "]]" } ?? "null"
            parts.append("\"\(m.rawValue)\": \(v)")
        }
        print("{" + parts.joined(separator: ", ") + "}")
    }
}

// MARK: - --all: every (mutant, seed) in a fresh subprocess (up to --jobs at once), then a table

func selfPath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

func runChild(_ args: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: selfPath())
    p.arguments = args
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    do { try p.run() } catch { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    return text.split(separator: "\n").last { $0.hasPrefix("{") }.map(String.init)
}

func median(_ xs: [Double]) -> Double? {
    if xs.isEmpty { return nil }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func summarize(_ lines: [String]) {
    let recs = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    func num(_ r: [String: Any], _ k: String) -> Double? { (r[k] as? NSNumber)?.doubleValue }
    func f(_ v: Double?, _ d: Int) -> String { v.map { String(format: "%.\(d)f", $0) } ?? "-" }
    print("\n### swift-property-based (PurchaseBench-2)\n")
    print("| mutant | runs | found | median histories to failure | median s to failure | median shrunk length | % ideal (of found) | median shrink s |")
    print("|---|---|---|---|---|---|---|---|")
    for m in Mutant.allCases {
        let rs = recs.filter { ($0["mutant"] as? String) == m.rawValue && $0["histories_per_second"] == nil }
        if rs.isEmpty { continue }
        let fs = rs.filter { ($0["found"] as? Bool) == true }
        let ideal = fs.filter { ($0["ideal"] as? Bool) == true }.count
        print("| \(m.rawValue) | \(rs.count) | \(fs.count)/\(rs.count) "
            + "| \(f(median(fs.compactMap { num($0, "histories_to_failure") }), 1)) "
            + "| \(f(median(fs.compactMap { num($0, "seconds_to_failure") }), 3)) "
            + "| \(f(median(fs.compactMap { num($0, "shrunk_length") }), 1)) "
            + "| \(fs.isEmpty ? "-" : f(100.0 * Double(ideal) / Double(fs.count), 0)) "
            + "| \(f(median(fs.compactMap { num($0, "shrink_seconds") }), 3)) |")
    }
    for r in recs where r["histories_per_second"] != nil {
        print("\nthroughput (swift-property-based, correct app): \(r["histories"]!) histories "
            + "(\(f(num(r, "mean_history_length"), 2)) events/history) in \(f(num(r, "seconds"), 3)) s = "
            + "\(f(num(r, "histories_per_second"), 1)) histories/s, \(f(num(r, "steps_per_second"), 0)) events/s")
    }
}

/// Shared state of the --all workers, guarded by `lock`.
final class AllRuns: @unchecked Sendable {
    let tasks: [(String, Int)]
    let out: URL?
    let lock = NSLock()
    var results: [String?]
    var next = 0

    init(tasks: [(String, Int)], out: URL?) {
        self.tasks = tasks
        self.out = out
        results = [String?](repeating: nil, count: tasks.count)
    }

    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < tasks.count else { return nil }
        next += 1
        return next - 1
    }

    /// Stores a record and rewrites the output file, records in (mutant, seed) order.
    func put(_ k: Int?, _ line: String) {
        lock.lock(); defer { lock.unlock() }
        if let k { results[k] = line } else { results.append(line) }
        guard let u = out else { return }
        let text = results.compactMap { $0 }.map { $0 + "\n" }.joined()
        try? text.write(to: u, atomically: true, encoding: .utf8)
    }
}

/// Runs the searches in fresh subprocesses, at most `jobs` at a time; the records keep
/// (mutant, seed) order in the output file whatever order they finish in.
func runAll(mutants: [String], seeds: Int, first: Int, jobs: Int, out: URL?) {
    let state = AllRuns(tasks: mutants.flatMap { m in (first..<(first + seeds)).map { (m, $0) } }, out: out)
    let budget = cfg.count, seedMode = cfg.seedMode
    let group = DispatchGroup()
    for _ in 0..<max(1, min(jobs, state.tasks.count)) {
        group.enter()
        Thread.detachNewThread {
            while let k = state.take() {
                let (m, s) = state.tasks[k]
                let line = runChild(["--mutant", m, "--seed", String(s), "--budget", String(budget),
                                     "--seed-mode", seedMode])
                    ?? "{\"tool\": \"\(toolName)\", \"mutant\": \"\(m)\", \"seed\": \(s), \"found\": false, \"error\": \"child failed\"}"
                state.put(k, line)
                FileHandle.standardError.write("\(m) seed \(s): \(line.prefix(200))\n".data(using: .utf8)!)
            }
            group.leave()
        }
    }
    group.wait()
    // Throughput alone, after the searches, so that it does not share the cores with them.
    if let tp = runChild(["--mutant", "none", "--throughput", "2000", "--seed-mode", seedMode]) {
        state.put(nil, tp)
    }
    summarize(state.results.compactMap { $0 })
}

// MARK: - --minimality: no shorter failing history over a bounded alphabet

/// Depth-first over every history of up to (spec length - 1) events drawn from a bounded
/// alphabet (all kinds; refund(0...2); advances at and around the model's boundaries),
/// skipping histories with an event whose precondition is false (a shorter history does the
/// same). Reports any history shorter than the spec's that makes a mutant fail, and counts the
/// failing histories of exactly the spec's length whose advances differ from the listed ones.
func minimality(maxDepth: Int, mutants: [Mutant]) -> Bool {
    let advances = [1, 14, 15, 16, 29, 30, 31, 44, 45, 46, 47, 59, 60, 61, 90, 335, 349, 350, 364, 365, 366,
                    380, 381, 382, 400]
    var alphabet: [Event] = Product.allCases.map { .buy($0) } + [.cancelAutoRenew, .relaunch, .restore,
                                                                .failBilling, .fixBilling]
    alphabet += (0...2).map { .refund($0) } + advances.map { .advance($0) }
    var ok = true
    for m in mutants {
        let specLen = specShortest[m]!.count
        let limit = min(specLen, maxDepth)
        var nodes = 0
        var shorter: [[Event]] = []
        var sameLenOther: [[Event]] = []
        var sameLenIdeal = 0
        func dfs(_ h: Harness, _ path: [Event]) {
            if path.count == limit { return }
            for e in alphabet {
                if !h.store.precondition(e) { continue }
                let h2 = Harness(copying: h)
                nodes += 1
                let p2 = path + [e]
                if !h2.apply(e).isEmpty {
                    if p2.count < specLen { shorter.append(p2) }
                    else if isIdeal(m, p2.map(\.description)) { sameLenIdeal += 1 }
                    else { sameLenOther.append(p2) }
                    continue
                }
                dfs(h2, p2)
            }
        }
        dfs(Harness(m), [])
        let depthNote = limit < specLen ? " (searched only to \(limit) of \(specLen - 1))" : ""
        print("\(m.rawValue): \(nodes) histories up to \(limit) events\(depthNote); shorter failing: \(shorter.count)"
            + (limit == specLen ? "; failing at spec length: \(sameLenIdeal) ideal, \(sameLenOther.count) not" : ""))
        for h in shorter.prefix(3) { print("   SHORTER: \(h.map(\.description).joined(separator: ", "))") }
        for h in sameLenOther.prefix(3) { print("   same length, other advances: \(h.map(\.description).joined(separator: ", "))") }
        if !shorter.isEmpty { ok = false }
    }
    print("MINIMALITY", ok ? "PASSED" : "FAILED")
    return ok
}
