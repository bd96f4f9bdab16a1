import Foundation
import ConformanceRunner
import Testing

/// `report FILE --html OUT` and `check --html DIR`, run as a user runs them, and the examples
/// their help prints.
@Suite("Timeline pages from the command line", .serialized)
struct ReportCommandTests {
    /// A fresh folder that sees the repository's `Tests` and `docs` folders, as the examples expect.
    func workspace() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pc-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in ["Tests", "docs", "Examples"] {
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

    @Test("Every example in the help of the tool, report, check and shrink runs as printed (demo has tests of its own)")
    func helpExamplesRun() throws {
        for command in ["", "report", "check", "shrink"] {
            let help = try ToolProcess.run(command.isEmpty ? ["--help"] : [command, "--help"])
            #expect(help.status == 0)
            let examples = help.output.split(separator: "\n").map(String.init)
                .drop { $0 != "Examples:" }.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("purchase-conformance ") && $0 != "purchase-conformance demo" }
            #expect(!examples.isEmpty, "\(command) --help shows no examples")
            for example in examples {
                let folder = try workspace()
                defer { try? FileManager.default.removeItem(at: folder) }
                let arguments = Array(try ExternalCommand.split(example).dropFirst())
                let result = try ToolProcess.run(arguments, in: folder)
                #expect(result.status == 0 || result.status == 1, "\(example): exit \(result.status)\n\(result.error)")
                for (i, argument) in arguments.enumerated() where ["--html", "--observations", "--out"].contains(argument) {
                    let path = folder.appendingPathComponent(arguments[i + 1]).path
                    #expect(FileManager.default.fileExists(atPath: path) || result.status == 0, "\(example) wrote no \(path)")
                }
            }
        }
    }
}

/// `Scripts/screenshot.sh`, which makes the docs' pictures.
@Suite("Screenshots of timeline pages")
struct ScreenshotScriptTests {
    static func script(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = ToolProcess.root.appendingPathComponent("Scripts/screenshot.sh")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let error = OutputCollector(err.fileHandleForReading)
        process.waitUntilExit()
        return (process.terminationStatus, error.finish())
    }

    @Test("Without a browser the script says what to install; without arguments it shows its usage")
    func missingBrowser() throws {
        let page = ToolProcess.root.appendingPathComponent("docs/Reports.md").path
        let missing = try Self.script([page, "/dev/null"], environment: ["CHROMIUM": "/nonexistent/chromium"])
        #expect(missing.status == 3)
        #expect(missing.error.contains("apt-get install -y chromium"))
        let usage = try Self.script([])
        #expect(usage.status == 2)
        #expect(usage.error.contains("Usage: Scripts/screenshot.sh"))
    }

    @Test("With Chromium installed, a timeline page becomes a 1280-pixel-wide PNG")
    func rendersPNG() throws {
        let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let browser = found else { return }  // Chromium is optional; the test above covers its absence.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("m2.html").path
        let report = try ToolProcess.run(["report", "Tests/RegressionCorpus/Cases/bench-m2.json", "--html", html])
        #expect(report.status == 1)
        let png = folder.appendingPathComponent("m2.png").path
        let shot = try Self.script([html, png], environment: ["CHROMIUM": browser, "SCREENSHOT_HEIGHT": "1400"])
        #expect(shot.status == 0, "\(shot.error)")
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = data.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let height = data.dropFirst(20).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1280)
        #expect(height > 300 && height < 1400, "trimmed to the page: \(height)")
    }
}
