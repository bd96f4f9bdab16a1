import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import Testing

/// `check` draws a live progress line on a terminal's standard error, for either store, and
/// clears it before the report; never when standard error is not a terminal.
@Suite("The progress line of check, for either store")
struct ProgressLineTests {
    @Test(
        "On a terminal a campaign draws the progress line on standard error and clears it; never on standard output, never off a terminal",
        arguments: SubjectPair.bothStores)
    func progressOnTerminal(_ pair: SubjectPair) {
        let passing = InProcessTool.run(["check", "--subject", pair.correct, "--no-save", "--histories", "300"], terminal: true)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        #expect(passing.error.contains("generating: "), "\(passing.error)")
        #expect(passing.error.contains("/300 histories · "), "\(passing.error)")
        #expect(passing.error.contains("\u{1B}[2K"), "the line is cleared")
        let failing = InProcessTool.run(["check", "--subject", pair.buggy, "--no-save", "--histories", "300"], terminal: true)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        #expect(failing.error.contains("histories/s"), "\(failing.error)")
        #expect(!failing.output.contains("histories/s"), "the progress line goes to standard error only")
        let quiet = InProcessTool.run(["check", "--subject", pair.buggy, "--no-save", "--histories", "300"])
        #expect(!quiet.error.contains("histories/s"), "no progress line when standard error is not a terminal")
    }

    /// Progress reports, collected from any thread.
    final class Phases: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [CampaignProgress] = []
        func add(_ p: CampaignProgress) { lock.withLock { seen.append(p) } }
        var all: [CampaignProgress] { lock.withLock { seen } }
    }

    @Test("A Google Play campaign reports generating as it goes and shrinking once it found a failure, as an App Store campaign does")
    func playCampaignPhases() throws {
        for (name, fails) in [("play-reference-server", false), ("play-example-ignores-hold", true)] {
            let runner = try #require(PlayBuiltInSubjects.named(name))
            let phases = Phases()
            var configuration = CampaignConfiguration.play(seed: Seed(1), histories: 300, threads: 1)
            configuration.progressHandler = { phases.add($0) }
            let result = runner.campaign(configuration: configuration)
            #expect((result.failure != nil) == fails, "\(name)")
            let seen = phases.all
            #expect(seen.first?.phase == .generating && seen.first?.historiesRun == 0, "\(name)")
            #expect(seen.allSatisfy { $0.historiesPlanned == 300 })
            #expect(seen.map(\.historiesRun) == seen.map(\.historiesRun).sorted(), "progress only moves forward")
            #expect(seen.contains { $0.phase == .shrinking } == fails, "\(name): \(seen.map(\.phase))")
        }
    }
}
