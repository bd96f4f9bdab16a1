import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// The custom-check example of docs/Architecture.md, compiled here, and its text kept equal to the doc.
@Suite("docs/Architecture.md's custom check")
struct ArchitectureExampleTests {
    // example-start
    static let goldNeedsPro = CustomCheck(id: "gold-needs-pro", rule: "The app shows the gold badge only with pro") { input in
        let shown = Set(input.observed.entitled)
        guard shown.contains("gold-badge"), !shown.contains("pro") else { return nil }
        return Discrepancy(
            check: "gold-needs-pro", subject: "Entitled products", expected: ["pro", "gold-badge"], actual: input.observed.entitled)
    }
    // example-end

    /// The lines between the markers of this file, without leading blanks and the `static` the doc leaves out.
    static func exampleLines() throws -> [String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(of: "// example-start"), let end = lines.firstIndex(of: "// example-end") else { return [] }
        return lines[(start + 1)..<end].map { $0.hasPrefix("static ") ? String($0.dropFirst(7)) : $0 }
    }

    @Test("The doc's snippet is the compiled one")
    func docMatchesSource() throws {
        let docURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../docs/Architecture.md").standardizedFileURL
        let doc = try String(contentsOf: docURL, encoding: .utf8)
            .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let example = try Self.exampleLines()
        #expect(example.count == 6)
        let found = doc.indices.contains { start in
            start + example.count <= doc.count && Array(doc[start..<(start + example.count)]) == example
        }
        #expect(found, "docs/Architecture.md no longer shows the compiled custom check")
    }

    /// An app that reports a fixed set of products whatever happens.
    struct FixedApp: PurchaseSubject {
        let shown: [String]
        init(catalog: Catalog, context: SubjectContext) { shown = [] }
        init(shown: [String]) { self.shown = shown }
        mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] { unfinished.map(\.transaction.id) }
        mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
            delivery.map { [$0.transaction.id] } ?? []
        }
        mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] { [delivery.transaction.id] }
        func query(context: SubjectContext) -> ObservedState { ObservedState(entitled: shown) }
    }

    static func run(shown: [String]) throws -> CampaignResult {
        let catalog = try Catalog(products: [
            Product(id: "pro", kind: .nonConsumable), Product(id: "gold-badge", kind: .nonConsumable),
        ])
        let configuration = CampaignConfiguration(
            histories: 50, seed: Seed(0x5eed_0001), checks: CheckSelection(builtIn: [], custom: [goldNeedsPro]))
        return Campaign(catalog: catalog, configuration: configuration, subjectName: "fixed") { _, _ in
            FixedApp(shown: shown)
        }.run()
    }

    @Test("The check fails an app that shows the badge without pro, and only that")
    func checkBehaviour() throws {
        let failure = try #require(try Self.run(shown: ["gold-badge"]).failures.first)
        #expect(failure.check == "gold-needs-pro")
        #expect(try Self.run(shown: ["gold-badge", "pro"]).failures.isEmpty)
        #expect(try Self.run(shown: []).failures.isEmpty)
    }

    @Test("The doc's built-in check is the real one in Check+Lifecycle.swift, and its test row is real")
    func builtInCheckExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
        func lines(_ path: String) throws -> [String] {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                .components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let doc = try lines("docs/Architecture.md")
        let start = try #require(doc.firstIndex(of: "// check-example-start"))
        let end = try #require(doc.firstIndex(of: "// check-example-end"))
        let example = Array(doc[(start + 1)..<end])
        #expect(example.count == 7)
        let source = try lines("Sources/ConformanceRunner/Checking/BuiltIn/Check+Lifecycle.swift")
        let found = source.indices.contains { i in
            i + example.count <= source.count && Array(source[i..<(i + example.count)]) == example
        }
        #expect(found, "docs/Architecture.md no longer shows pending-not-entitled as Check+Lifecycle.swift defines it")
        let row = try #require(doc.first { $0.hasPrefix("Case(check: .pendingNotEntitled") })
        #expect(try lines("Tests/PropertyTests/Checking/BuiltInCheckTests.swift").contains(row))
        // The Google Play example and its row.
        let playStart = try #require(doc.firstIndex(of: "// play-check-example-start"))
        let playEnd = try #require(doc.firstIndex(of: "// play-check-example-end"))
        let playExample = Array(doc[(playStart + 1)..<playEnd])
        #expect(playExample.count == 2)
        let playSource = try lines("Sources/ConformanceRunner/GooglePlay/Checks/PlayCheck+Lifecycle.swift")
        #expect(playSource.indices.contains { i in
            i + playExample.count <= playSource.count && Array(playSource[i..<(i + playExample.count)]) == playExample
        }, "docs/Architecture.md no longer shows on-hold-never-entitled as PlayCheck+Lifecycle.swift defines it")
        let playRow = try #require(doc.first { $0.hasPrefix("Case(check: .onHoldNeverEntitled") })
        #expect(try lines("Tests/PropertyTests/Checking/PlayBuiltInCheckTests.swift").contains(playRow))
    }
}
