import BuiltInSubjects
import ConformanceRunner
import Foundation
import PurchaseStateMachine
import SeedSystems
import Testing

/// Replays every saved history in `Cases/`: each must do what its `expect` says against the
/// subject its origin names, and the correct app must pass it (no false alarm).
@Suite("Regression corpus")
struct RegressionCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("Cases").path

    /// The App Store cases.
    static var cases: [String] { (HistoryFile.historyFiles(in: folder) ?? []).filter { !HistoryFile.isPlay($0) } }
    /// The Google Play cases (`"storeKind": "googlePlay"`), which `corpus add` writes as it writes App Store ones.
    static var playCases: [String] { (HistoryFile.historyFiles(in: folder) ?? []).filter(HistoryFile.isPlay) }

    static func subject(_ name: String?) -> SubjectRunner? {
        (BuiltInSubjects.all + SeedSystems.subjects).first { $0.name == (name ?? "reference") }
    }

    @Test("The corpus is not empty")
    func notEmpty() {
        #expect(Self.cases.count >= 8, "Tests/RegressionCorpus/Cases should hold the saved failures")
    }

    @Test("Every case does what its file expects against its subject", arguments: cases)
    func meetsExpectation(_ path: String) throws {
        let history = try HistoryFile.read(path)
        #expect(history.expect != nil, "\(path) has no expect field")
        let subject = try #require(Self.subject(history.origin?.subject), "\(path) names an unknown subject")
        let result = subject.replay(history)
        #expect(result.meetsExpectation, "\(path): \(describe(result.outcome)) against \(subject.name), expected \(String(describing: history.expect))")
    }

    @Test("The correct app passes every case", arguments: cases)
    func referencePasses(_ path: String) throws {
        let history = try HistoryFile.read(path)
        guard history.policy == AppPolicy() else { return }
        let reference = try #require(Self.subject("reference"))
        let result = reference.replay(history)
        guard case .passed = result.outcome else {
            Issue.record("\(path): the correct app \(describe(result.outcome))")
            return
        }
    }

    @Test("Every Google Play case does what its file expects against its Play subject; both correct references pass it", arguments: playCases)
    func playCase(_ path: String) throws {
        let history = try HistoryFile.readPlay(path)
        let expect = try #require(history.expect, "\(path) has no expect field")
        let subject = try #require(PlayBuiltInSubjects.named(history.origin?.subject ?? ""), "\(path) names an unknown Play subject")
        let failure = subject.replay(history).failure
        switch expect {
        case .passes: #expect(failure == nil, "\(path): \(failure.map { "fails \($0.check) after event \($0.eventIndex)" } ?? "")")
        case .fails(let check, let at):
            #expect(failure?.check.rawValue == check && failure?.eventIndex == at, "\(path): \(String(describing: failure)) against \(subject.name)")
        }
        for reference in ["play-reference-app", "play-reference-server"] {
            let correct = try #require(PlayBuiltInSubjects.named(reference))
            #expect(correct.replay(history).failure == nil, "\(path): \(reference) raises a false alarm")
        }
    }

    @Test("The corpus holds Google Play cases")
    func playNotEmpty() {
        #expect(!Self.playCases.isEmpty)
    }

    func describe(_ outcome: StoreRunOutcome) -> String {
        switch outcome {
        case .passed: return "passes"
        case .failed(let f): return "fails \(f.check) after event \(f.eventIndex)"
        case .rejected(let i, let r): return "is impossible at event \(i): \(r)"
        case .stopped(let stop): return "stopped: \(stop)"
        }
    }
}
