import FuzzEntries
import BuiltInSubjects
import Foundation
import Testing

@testable import ConformanceRunner

/// Each fuzz target's entry function on its committed seed corpus and on every crash
/// reproducer found so far, in process (CI has no fuzzing time).
@Suite("Fuzz targets replay their seed corpora and crash reproducers")
struct FuzzCorpusTests {
    static let root = ToolProcess.root.appendingPathComponent("Fuzz")

    /// The inputs of `target`: its seed corpus and its crash reproducers, sorted by path.
    static func inputs(_ target: String) throws -> [URL] {
        var files: [URL] = []
        for folder in ["corpus", "crashes"] {
            let url = root.appendingPathComponent(folder).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
        }
        return files
    }

    static func check(_ target: String, _ entry: ([UInt8]) -> FuzzVerdict) throws -> [FuzzVerdict] {
        let files = try inputs(target)
        #expect(files.count >= 3, "the \(target) seed corpus has at least three inputs")
        var verdicts: [FuzzVerdict] = []
        for file in files {
            let verdict = entry(Array(try Data(contentsOf: file)))
            #expect(!verdict.isFailure, "\(file.lastPathComponent): \(verdict)")
            verdicts.append(verdict)
        }
        return verdicts
    }

    @Test("fuzz-history: every seed parses, round-trips and replays clean against the reference subject")
    func history() throws {
        let verdicts = try Self.check("history", FuzzEntry.history)
        #expect(verdicts.contains(.passed))
    }

    @Test("fuzz-catalog: every seed catalog parses and round-trips")
    func catalog() throws {
        let verdicts = try Self.check("catalog", FuzzEntry.catalog)
        #expect(verdicts.contains(.passed))
    }

    @Test("fuzz-play-history: every seed parses, round-trips and replays clean against both Play references")
    func playHistory() throws {
        let verdicts = try Self.check("play-history", FuzzEntry.playHistory)
        #expect(verdicts.contains(.passed))
    }

    @Test("fuzz-reply: every seed reply line is read without trapping")
    func reply() throws {
        let verdicts = try Self.check("reply", FuzzEntry.subjectReply)
        #expect(verdicts.contains(.passed))
        #expect(verdicts.contains(.refused))
    }

    @Test("fuzz-campaign: every seed is a history the reference subject passes")
    func campaign() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-fuzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let step = try #require(FuzzEntry.campaign(subject: "reference", failuresFolder: folder))
        let verdicts = try Self.check("campaign", step)
        #expect(verdicts.contains(.passed))
    }

    @Test("Bytes and choices convert both ways, and a short input is padded into a short history")
    func choiceBytes() {
        let values: [UInt64] = [0, 1, 255, 256, 65_535]
        let decoded = FuzzChoices.values(from: FuzzChoices.bytes(for: values))
        #expect(Array(decoded.prefix(values.count)) == values)
        #expect(decoded.dropFirst(values.count).allSatisfy { $0 == 0 })
    }

    @Test("A campaign step finds a seeded bug and saves a history that replay reproduces")
    func seededBug() throws {
        let name = "example-refund-ignored"
        let subject = try #require(BuiltInSubjects.all.first { $0.name == name })
        let result = subject.run(configuration: CampaignConfiguration(histories: 500, parallelism: 1))
        let found = try #require(result.failures.first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pc-fuzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let step = try #require(FuzzEntry.campaign(subject: name, failuresFolder: folder))
        let verdict = step(FuzzChoices.bytes(for: found.minimalChoices))
        guard case .failed(let text) = verdict else {
            Issue.record("the campaign's failing choices did not fail under the fuzz entry: \(verdict)")
            return
        }
        let saved = try #require(text.components(separatedBy: "saved to ").last)
        let history = try HistoryFile.read(saved)
        let replay = subject.replay(history)
        guard let again = replay.outcome.failure else {
            Issue.record("the saved history did not fail on replay")
            return
        }
        #expect(again.check == found.check)
        #expect(replay.meetsExpectation)
    }
}
