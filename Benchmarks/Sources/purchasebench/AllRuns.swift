import Foundation

/// `--all`: every (mutant, seed) search in a fresh subprocess of this executable (as the peers
/// do), then one throughput run; each record is appended to `out` as it arrives.
func runAll(mutants: [String], seeds: ClosedRange<Int>, budget: Int, out: String?) {
    var records: [String] = []
    var handle: FileHandle?
    if let out {
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        handle = FileHandle(forWritingAtPath: out)
    }
    func emit(_ line: String) {
        records.append(line)
        handle?.write(Data((line + "\n").utf8))
    }
    for mutant in mutants {
        for seed in seeds {
            let line =
                runChild(["--bench", String(BenchSuite.current.rawValue), "--mutant", mutant, "--seed", String(seed), "--budget", String(budget)])
                ?? JSONLine.object([
                    ("tool", .string(Tool.name)), ("mutant", .string(mutant)), ("seed", .int(seed)),
                    ("found", .bool(false)), ("error", .string("child failed")),
                ]).text
            emit(line)
            FileHandle.standardError.write(Data("\(mutant) seed \(seed): \(line.prefix(200))\n".utf8))
        }
    }
    if let line = runChild(["--bench", String(BenchSuite.current.rawValue), "--mutant", "none", "--throughput", "2000"]) {
        emit(line)
    }
    try? handle?.close()
    printSummary(records)
}

/// The path of this executable.
func selfPath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

/// Runs this executable with `arguments`; returns the last JSON line it printed.
func runChild(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: selfPath())
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("{") }.map(String.init)
}

/// A short table on standard error: found, median histories and seconds to failure, ideal share.
func printSummary(_ lines: [String]) {
    let records = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    func f(_ v: Double?, _ digits: Int) -> String { v.map { String(format: "%.\(digits)f", $0) } ?? "-" }
    var text = "\n| mutant | found | median histories to failure | median s to failure | median shrunk length | % ideal | median shrink s |\n|---|---|---|---|---|---|---|\n"
    let mutants = records.compactMap { $0["mutant"] as? String }.filter { $0 != "none" }
    var seen = Set<String>()
    for m in mutants where seen.insert(m).inserted {
        let rs = records.filter { ($0["mutant"] as? String) == m }
        let fs = rs.filter { ($0["found"] as? Bool) == true }
        let ideal = fs.filter { ($0["ideal"] as? Bool) == true }.count
        func values(_ key: String) -> [Double] { fs.compactMap { ($0[key] as? NSNumber)?.doubleValue } }
        text += "| \(m) | \(fs.count)/\(rs.count) | \(f(median(values("histories_to_failure")), 1)) "
            + "| \(f(median(values("seconds_to_failure")), 4)) | \(f(median(values("shrunk_length")), 1)) "
            + "| \(fs.isEmpty ? "-" : f(100 * Double(ideal) / Double(fs.count), 0)) | \(f(median(values("shrink_seconds")), 4)) |\n"
    }
    for r in records where r["histories_per_second"] != nil {
        text += "\nthroughput (\(Tool.name), correct app, \(r["jobs"] ?? 1) job(s)): \(r["histories"] ?? 0) histories, "
            + "\(f((r["histories_per_second"] as? NSNumber)?.doubleValue, 0)) histories/s, "
            + "\(f((r["steps_per_second"] as? NSNumber)?.doubleValue, 0)) events/s\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
}
