import ConformanceRunner
import Foundation
import Testing

/// Lists in the docs that name code, held to the code: README's table of checks and
/// docs/Architecture.md's public API of ConformanceRunner.
@Suite("Docs that list code list all of it")
struct DocListsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The rows of the first Markdown table after the line starting with `heading`.
    static func tableRows(in text: String, after heading: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        let rest = lines[(start + 1)...].drop { !$0.hasPrefix("|") }
        return Array(rest.prefix { $0.hasPrefix("|") }.dropFirst(2))
    }

    @Test("README's \"What is checked\" table is the built-in checks, in order, with their rules and sources")
    func readmeChecks() throws {
        let rows = Self.tableRows(in: try Self.text("README.md"), after: "## What is checked")
        let expected = Check.builtIn.map { "| `\($0.id.rawValue)` | \($0.rule) | \($0.source) |" }
        #expect(rows == expected, "README's table should read:\n\(expected.joined(separator: "\n"))")
    }

    @Test("docs/PlayModel.md's table of checks names the built-in Google Play checks, in attribution order")
    func playModelChecks() throws {
        let rows = Self.tableRows(in: try Self.text("docs/PlayModel.md"), after: "## Checks")
        let names = rows.map { $0.split(separator: "`").dropFirst().first.map(String.init) ?? "" }
        #expect(names == PlayCheck.builtIn.map(\.id.rawValue))
    }

    /// The names of the top-level types ConformanceRunner declares `public`, from its sources.
    static func publicTypes() throws -> [String] {
        let folder = root.appendingPathComponent("Sources/ConformanceRunner")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let pattern = try NSRegularExpression(pattern: #"^public (?:final )?(?:struct|enum|protocol|typealias|class|actor) ([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)
        var names: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                if let range = Range(match.range(at: 1), in: source) { names.append(String(source[range])) }
            }
        }
        return Array(Set(names)).sorted()
    }

    @Test("docs/Architecture.md's public API names every public type of ConformanceRunner")
    func architectureAPI() throws {
        let doc = try Self.text("docs/Architecture.md")
        guard let range = doc.range(of: "## The public API, on purpose") else {
            Issue.record("docs/Architecture.md has no \"The public API, on purpose\" section")
            return
        }
        let section = doc[range.upperBound...]
        let types = try Self.publicTypes()
        #expect(types.count > 50, "found only \(types.count) public types: the scan is broken")
        let missing = types.filter { !section.contains("`\($0)`") && !section.contains("`\($0)(") && !section.contains("`\($0).") }
        #expect(missing.isEmpty, "public in ConformanceRunner but not in docs/Architecture.md's API list: \(missing.joined(separator: ", "))")
    }
}
