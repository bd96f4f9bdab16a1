import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// Shrink quality as an exact minimum: every buggy Play example, for seeds 1…N (N = 3 here;
/// `PLAY_SEEDS=20` in Scripts/play-quality.sh), is caught and shrunk to its ideal history.
@Suite("Google Play: each buggy example shrinks to its ideal minimal history")
struct PlayShrinkQualityTests {
    static var seeds: [UInt64] {
        let n = ProcessInfo.processInfo.environment["PLAY_SEEDS"].flatMap(Int.init) ?? 3
        return (1...max(1, n)).map(UInt64.init)
    }

    @Test("The buggy example is caught and shrunk to its ideal history, seed after seed", arguments: PlayIdealHistories.all.map(\.subject))
    func ideal(subject name: String) throws {
        let ideal = try #require(PlayIdealHistories.all.first { $0.subject == name })
        let runner = try #require(PlayBuiltInSubjects.named(name))
        #expect(runner.expectedCheck == ideal.check)
        for seed in Self.seeds {
            let result = runner.campaign(configuration: .play(seed: Seed(seed), histories: 2_000))
            let failure = try #require(result.failure, "seed \(seed): not caught")
            #expect(failure.failure.check == ideal.check, "seed \(seed)")
            #expect(failure.history.events.map(\.compact) == ideal.events, "seed \(seed)")
            #expect(failure.history.variations.json.rendered() == ideal.variations, "seed \(seed)")
            #expect(!failure.flaky, "seed \(seed)")
            #expect(failure.failure.eventIndex == ideal.events.count - 1, "the last event diverges")
        }
    }

    @Test("Each ideal history, replayed, fails its check at its last event and passes on the reference subjects",
          arguments: PlayIdealHistories.all.map(\.subject))
    func idealReplays(subject name: String) throws {
        let ideal = try #require(PlayIdealHistories.all.first { $0.subject == name })
        var history = PlayHistory(events: try ideal.events.map { try PlayEvent(compact: $0) })
        history.variations = try PlayVariations(json: try JSONValue.parse(ideal.variations))
        let buggy = try #require(PlayBuiltInSubjects.named(name)).replay(history)
        #expect(buggy.failure?.check == ideal.check)
        #expect(buggy.failure?.eventIndex == ideal.events.count - 1)
        let reference = try #require(PlayBuiltInSubjects.named(ideal.check == .onHoldNeverEntitled || ideal.check == .consumableCreditedOnce
            ? "play-reference-server" : "play-reference-app"))
        #expect(reference.replay(history).failure == nil)
    }

    @Test("The Python Play subject makes the same mistakes over --exec and shrinks to the same ideal histories",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"), arguments: PlayIdealHistories.all.map(\.subject))
    func python(subject name: String) throws {
        let ideal = try #require(PlayIdealHistories.all.first { $0.subject == name })
        let bug = name.replacingOccurrences(of: "play-example-", with: "")
        let command = try ExternalCommand(arguments: [ExternalFixtures.interpreter, ExternalFixtures.example("play_subject.py"), "--bug", bug])
        let process = SubjectProcess(command: command)
        defer { process.stop() }
        // One seed in the suite; Scripts/play-quality.sh sets PLAY_SEEDS=20 for all of them.
        let seeds = ProcessInfo.processInfo.environment["PLAY_SEEDS"] == nil ? [Self.seeds[0]] : Self.seeds
        for seed in seeds {
            let campaign = Campaign(configuration: .play(seed: Seed(seed), histories: 2_000), subjectName: "exec", factory: PlayExternalSubject.factory(process: process))
            let failure = try #require(campaign.run().failure, "seed \(seed): not caught")
            #expect(failure.failure.check == ideal.check, "seed \(seed)")
            #expect(failure.history.events.map(\.compact) == ideal.events, "seed \(seed)")
            #expect(failure.history.variations.json.rendered() == ideal.variations, "seed \(seed)")
        }
    }
}
