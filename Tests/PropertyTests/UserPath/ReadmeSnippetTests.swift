import Foundation
import Testing

/// The Swift code blocks of README.md and docs/GettingStarted.md that say where they are
/// compiled must match that file's marked regions, so the documentation cannot rot.
///
/// A block is preceded by `<!-- compiled: PATH#NAME -->`; PATH (from the repository root) holds
/// one or more regions between `// README:begin NAME` and `// README:end NAME`, which joined
/// must equal the block line for line.
@Suite("Documentation snippets are compiled")
struct ReadmeSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Snippet: Sendable, CustomTestStringConvertible {
        var document: String
        var path: String
        var name: String
        var lines: [String]
        var testDescription: String { "\(document): \(path)#\(name)" }
    }

    static func snippets(in document: String) -> [Snippet] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        var out: [Snippet] = []
        var i = 0
        while i < lines.count {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            i += 1
            guard line.hasPrefix("<!-- compiled: "), line.hasSuffix(" -->") else { continue }
            let target = line.dropFirst("<!-- compiled: ".count).dropLast(" -->".count)
            let parts = target.split(separator: "#").map(String.init)
            guard parts.count == 2, i < lines.count, lines[i].hasPrefix("```swift") else { continue }
            var block: [String] = []
            i += 1
            while i < lines.count, !lines[i].hasPrefix("```") {
                block.append(lines[i])
                i += 1
            }
            out.append(Snippet(document: document, path: parts[0], name: parts[1], lines: block))
        }
        return out
    }

    static var all: [Snippet] { snippets(in: "README.md") + snippets(in: "docs/GettingStarted.md") }

    @Test("The README and the getting-started guide mark their Swift examples as compiled")
    func marked() {
        #expect(Self.snippets(in: "README.md").count >= 3)
        #expect(Self.snippets(in: "docs/GettingStarted.md").count >= 3)
    }

    @Test("Each marked example matches the compiled file", arguments: all)
    func matches(_ snippet: Snippet) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(snippet.path), encoding: .utf8)
        var region: [String] = []
        var inside = false
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// README:begin \(snippet.name)" {
                inside = true
            } else if trimmed == "// README:end \(snippet.name)" {
                inside = false
            } else if inside {
                region.append(line)
            }
        }
        #expect(!region.isEmpty, "\(snippet.path) has no region \(snippet.name)")
        #expect(region == snippet.lines, "\(snippet.document) differs from \(snippet.path)#\(snippet.name)")
    }
}
