import BuiltInSubjects
@testable import ConformanceTesting
import Foundation
import Testing

/// What a failing check leaves behind for people: attachments in Swift Testing, files beside
/// the saved failure for XCTest (which has no attachments on Linux).
@Suite("Failure attachments")
struct FailureAttachmentTests {
    @Test("Outside Swift Testing, each saved failure gets its timeline beside it, and the error names both files")
    func timelineBesideSavedFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-attach-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Conformance.run(
            named: "refund-ignored", catalog: ExampleCatalog.standard, histories: 500, failuresFolder: folder,
            environment: [:], factory: ExampleApp.factory(.refundIgnored))
        let saved = try #require(run.result.failures.first?.savedPath)
        let lines = Conformance.timelineFiles(run)
        let html = String(saved.dropLast(".json".count)) + ".html"
        #expect(lines.contains("Minimal history: \(saved) · timeline: \(html)"))
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(TimelinePage(html: page).divergedMarkers == [try #require(run.result.failures.first).failure.eventIndex + 1])
        let reloaded = try FailureStore(folder: folder, subject: "refund-ignored").load(catalog: ExampleCatalog.standard)
        #expect(reloaded.count == 1, "the page beside the history is not taken for a saved failure")
    }

    @Test("In Swift Testing a failing check records its issue, and attaching its files does not get in the way")
    func swiftTestingAttaches() throws {
        try withKnownIssue {
            try Conformance.check(MyStore.self, catalog: try Catalog(products: [Product(id: "premium", kind: .nonConsumable)]), histories: 300, failuresFolder: nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("refunded-never-entitled") }
        }
    }
}
