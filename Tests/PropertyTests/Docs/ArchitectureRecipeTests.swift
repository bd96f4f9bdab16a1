import Foundation
import Testing

/// docs/Architecture.md's "How to add …" recipes name files; each one must exist, so a recipe
/// cannot point at a file that moved or was merged away.
@Suite("docs/Architecture.md's recipes name real files")
struct ArchitectureRecipeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL

    /// Every `NAME.swift` (or `folder/NAME.swift`) in backticks in the "How to add" section.
    static func namedFiles() throws -> [String] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/Architecture.md"), encoding: .utf8)
        guard let start = doc.range(of: "## How to add"), let end = doc.range(of: "## The public API", range: start.upperBound..<doc.endIndex) else {
            return []
        }
        let section = String(doc[start.upperBound..<end.lowerBound])
        let pattern = try NSRegularExpression(pattern: #"`([A-Za-z0-9_+/<>*.-]+\.swift)`"#)
        let names = pattern.matches(in: section, range: NSRange(section.startIndex..., in: section)).compactMap { match in
            Range(match.range(at: 1), in: section).map { String(section[$0]) }
        }
        // A pattern such as `StoreModel+*.swift` or `Check+<Family>.swift` names a family, not a file.
        return Array(Set(names.filter { !$0.contains("*") && !$0.contains("<") })).sorted()
    }

    /// The paths of every Swift file in the package, relative to its root.
    static func swiftFiles() -> [String] {
        var out: [String] = []
        for top in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(top)
            let all = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            out += all.filter { $0.pathExtension == "swift" }.map { top + String($0.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count)) }
        }
        return out
    }

    @Test("Every Swift file a recipe names exists")
    func filesExist() throws {
        let named = try Self.namedFiles()
        #expect(named.count >= 25, "found only \(named.count) file names: the scan is broken")
        let files = Self.swiftFiles()
        let missing = named.filter { name in !files.contains { $0 == name || $0.hasSuffix("/" + name) } }
        #expect(missing.isEmpty, "docs/Architecture.md names files that do not exist: \(missing.joined(separator: ", "))")
    }
}
