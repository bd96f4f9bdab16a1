import BuiltInSubjects
import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// The observations file: every line has exactly the fields docs/Reports.md documents, with
/// the documented types, and the Tyche-style reader summarises it.
@Suite("Observations in the Hypothesis and Tyche format", .serialized)
struct ObservationTests {
    /// The field table of docs/Reports.md: name → type.
    static func documentedFields() throws -> [String: String] {
        let doc = try String(contentsOf: ToolProcess.root.appendingPathComponent("docs/Reports.md"), encoding: .utf8)
        var fields: [String: String] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            fields[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return fields
    }

    static func type(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "string"
        case is [String: Any]: return "object"
        case is [Any]: return "array"
        case is NSNumber: return "number"
        default: return "unknown"
        }
    }

    /// Checks one parsed line against the documented fields; returns the problems.
    static func problems(_ line: [String: Any], documented: [String: String]) -> [String] {
        var out: [String] = []
        if Set(line.keys) != Set(documented.keys) { out.append("fields \(line.keys.sorted()) ≠ documented \(documented.keys.sorted())") }
        for (name, type) in documented where line[name].map({ Self.type(of: $0) }) != type {
            out.append("\(name) is not a \(type)")
        }
        if line["type"] as? String != "test_case" { out.append("type is not test_case") }
        if !["passed", "failed", "gave_up"].contains(line["status"] as? String ?? "") { out.append("bad status") }
        let events = (line["arguments"] as? [String: Any])?["events"] as? [String] ?? ["✗"]
        if line["representation"] as? String != (events.isEmpty ? "(no events)" : events.joined(separator: "; ")) {
            out.append("representation does not match arguments.events")
        }
        let timing = line["timing"] as? [String: Any] ?? [:]
        if timing.isEmpty || !timing.values.allSatisfy({ (($0 as? NSNumber)?.doubleValue ?? -1) >= 0 }) { out.append("bad timing") }
        let features = line["features"] as? [String: Any] ?? [:]
        if !features.values.allSatisfy({ (($0 as? NSNumber)?.intValue ?? 0) > 0 }) { out.append("a feature count is not positive") }
        if (line["status"] as? String == "passed") != ((line["status_reason"] as? String)?.isEmpty ?? false) {
            out.append("status_reason should be empty exactly when passed")
        }
        return out
    }

    @Test("check --observations writes one documented test_case line per history, then the minimal failure")
    func checkWritesObservations() throws {
        let documented = try Self.documentedFields()
        #expect(documented.count == 12, "docs/Reports.md documents \(documented.keys.sorted())")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-obs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("observations.jsonl").path
        let result = try ToolProcess.run(
            ["check", "--subject", "example-refund-ignored", "--histories", "300", "--no-save", "--json", "--observations", file])
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let histories = try #require(report["histories"] as? Int)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == histories + 1)
        var numbers: [Int] = []
        for (i, text) in lines.enumerated() {
            let line = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let problems = Self.problems(line, documented: documented)
            #expect(problems.isEmpty, "line \(i + 1): \(problems)")
            if let n = (line["metadata"] as? [String: Any])?["history_number"] as? Int { numbers.append(n) }
        }
        #expect(numbers == Array(0..<histories), "generated histories in order")
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[lines.count - 1].utf8)) as? [String: Any])
        #expect(last["status"] as? String == "failed")
        #expect(last["how_generated"] as? String == "shrunk (the minimal failing history)")
        // Either two-event revocation of premium is minimal: a refund or a withdrawn family share.
        let minimal = ["purchase(premium); refund(#1)", "familyShare(premium); familyUnshare(premium)"]
        #expect(minimal.contains(last["representation"] as? String ?? ""))

        let reader = try Self.python(["Scripts/observations_summary.py", file])
        #expect(reader.status == 0, "\(reader.error)")
        #expect(reader.output.contains("example-refund-ignored: \(histories + 1) test cases"))
        #expect(reader.output.contains("failed: refunded-never-entitled failed after event 2"))
    }

    @Test("PURCHASE_CONFORMANCE_OBSERVATIONS makes each run append its lines")
    func environmentAppends() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-obs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("swift-test.jsonl").path
        let environment = ["PURCHASE_CONFORMANCE_OBSERVATIONS": file]
        for _ in 0..<2 {
            let run = try Conformance.run(
                named: "reference", catalog: ExampleCatalog.standard, histories: 40, failuresFolder: nil, environment: environment,
                factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) })
            #expect(run.passed)
        }
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 80)
        let documented = try Self.documentedFields()
        for text in lines {
            let line = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(Self.problems(line, documented: documented).isEmpty)
            #expect(line["property"] as? String == "reference")
        }
        #expect(throws: ConformanceError.self) { try ConformanceEnvironment(["PURCHASE_CONFORMANCE_OBSERVATIONS": ""]) }
    }

    /// Runs python3 from the repository root (the reader needs only the standard library).
    static func python(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.currentDirectoryURL = ToolProcess.root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = OutputCollector(out.fileHandleForReading)
        let error = OutputCollector(err.fileHandleForReading)
        process.waitUntilExit()
        return (process.terminationStatus, output.finish(), error.finish())
    }
}
