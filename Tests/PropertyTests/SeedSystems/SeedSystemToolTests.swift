import Foundation
import PurchaseStateMachine
import Testing

/// The seed systems through the built tool: S5 ported twice — in Swift (`seed-s5`) and in Python
/// (`Examples/seed-systems/s5_cron.py`, through `--exec`) — is the same system, and `demo`
/// prints each system's table.
@Suite("Seed systems: through the built tool")
struct SeedSystemToolTests {
    /// The failing checks and minimal histories of a `check --json` report.
    static func failures(_ tool: ToolProcess) throws -> [String] {
        let report = try JSONValue.parse(tool.output)
        guard case .array(let failures)? = report["failures"] else { return [] }
        return failures.map { failure in
            var line = "\(failure["check"].map { "\($0)" } ?? "?"):"
            if case .array(let events)? = failure["events"] {
                for case .string(let event) in events { line += " " + event }
            }
            return line
        }
    }

    @Test("The Python cron fails the same checks, with the same minimal histories, as the Swift port")
    func sameFailures() throws {
        let options = ["--all-failures", "--histories", "30", "--no-save", "--json"]
        let swift = try ToolProcess.run(["check", "--subject", "seed-s5"] + options)
        let python = try ToolProcess.run(
            [
                "check", "--exec", "python3 Examples/seed-systems/s5_cron.py", "--catalog",
                "Examples/seed-systems/s5-catalog.json",
            ] + options, timeout: 300)
        #expect(swift.status == 1, "\(swift.error)")
        #expect(python.status == 1, "\(python.error)")
        let expected = try Self.failures(swift)
        #expect(expected.count >= 3, "\(swift.output)")
        #expect(try Self.failures(python) == expected)
    }

    @Test("demo prints a system's failing checks with minimal histories, histories and seconds, then its twin")
    func demoTable() throws {
        let demo = try ToolProcess.run(["demo", "--subjects", "seed-s3", "--histories", "60", "--twin-histories", "50"])
        #expect(demo.status == 0, "\(demo.output)\(demo.error)")
        let lines = demo.output.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("  failing check") }, "\(demo.output)")
        #expect(lines[header].hasSuffix("histories  seconds"))
        #expect(lines[header + 1].hasPrefix("  refunded-never-entitled  purchase(premium.yearly), refund(#1)"))
        #expect(lines.contains { $0.hasPrefix("  ✔ seed-s3-fixed: all 12 checks held over 50 histories (") })
        #expect(!demo.output.contains("example-"))
    }
}
