import Foundation
import Testing

/// Holds `docs/PlayDocFacts.md` (every [DOC] fact of the contract and its named tests) to the tests
/// that exist: the done-when line of the Play issue, checked instead of trusted.
@Suite("Google Play: every [DOC] fact of the contract has a named test or a stated reason")
struct PlayDocFactsTests {
    /// The display names of the tests, read from their sources: the Google Play model's in
    /// `GooglePlay/`, and the engine's, grouped by concept, in the other folders.
    static func testNames() throws -> [String] {
        let folder = "Tests/PropertyTests"
        let files = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("GooglePlay/PlayDocFactsTests.swift"), "the test sources were not found under \(folder)")
        var names: [String] = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for part in text.components(separatedBy: "@Test(\"").dropFirst() {
                if let end = part.firstIndex(of: "\"") { names.append(String(part[..<end])) }
            }
        }
        return names
    }

    /// The fact rows of the map: number and last cell.
    static func rows() throws -> [(number: Int, cell: String)] {
        let text = try String(contentsOfFile: "docs/PlayDocFacts.md", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, let n = Int(cells[1]) else { return nil }
            return (n, cells[cells.count - 2])
        }
    }

    /// The double-quoted test-name prefixes in a cell.
    static func quoted(_ cell: String) -> [String] {
        cell.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test("Every row is numbered in order, and there is one for each [DOC] fact of the contract (222)")
    func rowsComplete() throws {
        let numbers = try Self.rows().map(\.number)
        #expect(numbers == Array(1...222))
    }

    @Test("Every test a row names exists (the quoted text starts a test's name); every row without one gives its reason")
    func namesExist() throws {
        let names = try Self.testNames()
        #expect(names.count > 150)
        for (number, cell) in try Self.rows() {
            let cited = Self.quoted(cell)
            for prefix in cited {
                #expect(names.contains { $0.hasPrefix(prefix) }, "row \(number): no test named \"\(prefix)…\"")
            }
            if cited.isEmpty {
                let reasoned = ["**Out of scope:**", "**Not modelled here:**"].contains { marker in
                    cell.components(separatedBy: marker).dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).count >= 20 }
                }
                #expect(reasoned, "row \(number) names no test and gives no reason")
            }
            // Facts another branch was adding are cited by their tests once it merged.
            #expect(!cell.contains("another branch") && !cell.contains("wt-play2"), "row \(number) still waits for another branch")
        }
    }

    @Test("A row that names a missing test or gives no reason is caught")
    func checkerCanFail() throws {
        let names = try Self.testNames()
        #expect(!names.contains { $0.hasPrefix("§99: no such fact") })
        #expect(Self.quoted(#"| "§4: a purchase" and "§5: x" |"#) == ["§4: a purchase", "§5: x"])
        #expect(Self.quoted("**Out of scope:** nothing observable").isEmpty)
    }
}
