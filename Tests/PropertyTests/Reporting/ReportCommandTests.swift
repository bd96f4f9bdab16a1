import Foundation
import Testing

/// `report FILE --html OUT` and `check --html DIR`, run as a user runs them, and the examples
/// their help prints.
@Suite("Timeline pages from the command line", .serialized)
struct ReportCommandTests {
    /// A fresh folder that sees the repository's `Tests` and `docs` folders, as the examples expect.
    func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pc-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in ["Tests", "docs"] {
            try FileManager.default.createSymbolicLink(
                at: url.appendingPathComponent(name), withDestinationURL: ToolProcess.root.appendingPathComponent(name))
        }
        return url
    }

    @Test("report FILE --html OUT prints the text report, writes the page, and exits 1 for a failure")
    func reportWritesPage() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolProcess.run(
            ["report", "Tests/RegressionCorpus/Cases/bench-m2.json", "--html", "out/m2.html"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.contains("← diverged here"))
        let html = try String(contentsOf: folder.appendingPathComponent("out/m2.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(TimelinePage(html: html).divergedMarkers == [3])
        #expect(html.contains(result.output.split(separator: "\n").first.map(String.init) ?? "—"))
        let missing = try ToolProcess.run(["report", "nowhere.json", "--html", "x.html"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.error.contains("nowhere.json"))
    }

    @Test("check --html DIR writes one page per reported failure")
    func checkWritesPages() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ToolProcess.run(
            ["check", "--subject", "example-double-credit", "--histories", "300", "--no-save", "--all-failures", "--json", "--html", "pages"],
            in: folder)
        #expect(result.status == 1)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pages").path)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let reported = try #require(json?["failures"] as? [Any]).count
        #expect(pages.count >= 1)
        #expect(pages.count == reported, "pages \(pages) for the report:\n\(result.output)")
        #expect(pages.allSatisfy { $0.hasSuffix(".html") })
    }

    @Test("Every example in the help of report and check runs as printed")
    func helpExamplesRun() throws {
        for command in ["report", "check"] {
            let help = try ToolProcess.run([command, "--help"])
            #expect(help.status == 0)
            let examples = help.output.split(separator: "\n").map(String.init)
                .drop { $0 != "Examples:" }.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("purchase-conformance ") }
            #expect(!examples.isEmpty, "\(command) --help shows no examples")
            for example in examples {
                let folder = try workspace()
                defer { try? FileManager.default.removeItem(at: folder) }
                let arguments = example.split(separator: " ").dropFirst().map(String.init)
                let result = try ToolProcess.run(arguments, in: folder)
                #expect(result.status == 0 || result.status == 1, "\(example): exit \(result.status)\n\(result.error)")
                for (i, argument) in arguments.enumerated() where ["--html", "--observations"].contains(argument) {
                    let path = folder.appendingPathComponent(arguments[i + 1]).path
                    #expect(FileManager.default.fileExists(atPath: path) || result.status == 0, "\(example) wrote no \(path)")
                }
            }
        }
    }
}
