import ConformanceTesting
import Foundation
import XCTest

/// In XCTest, a failure is recorded at the calling test's file and line, with a Replay line
/// that selects the test.
final class XCTestLocationTests: XCTestCase {
    private var captured: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailureIsRecordedAtTheCallingLine() throws {
        let catalog = try Catalog(products: [Product(id: "premium", kind: .nonConsumable)])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-xctest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        capturing = true
        let line = #line + 1
        try Conformance.check(MyStore.self, catalog: catalog, histories: 300, failuresFolder: folder)
        capturing = false
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.file, #filePath)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertTrue(captured.first?.description.contains("✘ refunded-never-entitled failed after event 2 of 2") == true)
        XCTAssertTrue(
            captured.first?.description.contains("swift test --filter 'PropertyTests\\..*/testFailureIsRecordedAtTheCallingLine$'") == true)
    }
}
