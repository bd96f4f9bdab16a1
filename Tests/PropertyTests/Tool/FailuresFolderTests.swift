import Foundation
import Testing

/// The failures folder is one engine concept for both stores: `check` saves a failure as
/// CHECK-HASH.json in the subject's folder, replays it first next time, and prunes it once every
/// check has held on it three runs in a row.
@Suite("The failures folder saves, replays first and prunes, for either store")
struct FailuresFolderTests {
    @Test(
        "A failure saved for one subject, moved to a correct subject's folder, is replayed first and pruned after three passing runs",
        arguments: SubjectPair.bothStores)
    func savedReplayedPruned(_ pair: SubjectPair) throws {
        let folder = try temporaryFolder("failures-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failures = folder + "/failures"
        let found = InProcessTool.run(["check", "--subject", pair.buggy, "--failures", failures])
        #expect(found.status == 1, "\(found.output)\(found.error)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: failures + "/" + pair.buggy).filter { $0.hasSuffix(".json") }
        try #require(saved.count == 1, "\(saved)")
        #expect(found.output.contains("saved to \(failures)/\(pair.buggy)/\(saved[0])"), "\(found.output)")
        try FileManager.default.createDirectory(atPath: failures + "/" + pair.correct, withIntermediateDirectories: true)
        let moved = failures + "/" + pair.correct + "/" + saved[0]
        try FileManager.default.moveItem(atPath: failures + "/" + pair.buggy + "/" + saved[0], toPath: moved)
        for run in 1...3 {
            let fixed = InProcessTool.run(["check", "--subject", pair.correct, "--failures", failures, "--histories", "20"])
            #expect(fixed.status == 0, "\(fixed.output)\(fixed.error)")
            #expect(FileManager.default.fileExists(atPath: moved) == (run < 3), "run \(run)")
            #expect(fixed.error.contains("Pruned \(moved)") == (run == 3), "run \(run): \(fixed.error)")
        }
    }
}
