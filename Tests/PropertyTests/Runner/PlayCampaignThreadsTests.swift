@testable import ConformanceRunner
import BuiltInSubjects
import Generators
import PurchaseStateMachine
import Testing

/// A Play campaign runs histories on several threads and reports the same, byte for byte.
@Suite("Google Play campaigns on several threads")
struct PlayCampaignThreadsTests {
    /// A campaign of the reference app, or of its B8 example (it keeps the token a plan change replaced).
    static func campaign(_ subject: String, threads: Int, histories: Int) throws -> PlayCampaignResult {
        let factory: PlaySubjectFactory<PlayReferenceApp> = { c, p, ctx in
            subject == "play-reference-app" ? PlayReferenceApp(catalog: c, policy: p, context: ctx) : PlayReferenceApp(mistake: .keepsReplacedToken, catalog: c, policy: p)
        }
        return Campaign(configuration: .play(seed: Seed(7), histories: histories, threads: threads), subjectName: subject, factory: factory).run()
    }

    @Test("Same seed, same Play report byte for byte on 1 and 2 threads: a failure found late, shrunk the same, and a clean run with the same counts")
    func sameReport() throws {
        let one = try Self.campaign("play-example-keeps-replaced-token", threads: 1, histories: 2_000)
        let two = try Self.campaign("play-example-keeps-replaced-token", threads: 2, histories: 2_000)
        let failure = try #require(one.failure)
        #expect(failure.foundAfterHistories ?? 0 > 1, "the failure is not the first history, so the batch order matters")
        #expect(two.failure?.rendered() == failure.rendered())
        #expect(two.failure?.history.fileText == failure.history.fileText)
        #expect((two.historiesRun, two.eventsRun) == (one.historiesRun, one.eventsRun))
        let clean1 = try Self.campaign("play-reference-app", threads: 1, histories: 300)
        let clean2 = try Self.campaign("play-reference-app", threads: 2, histories: 300)
        #expect(clean1.failure == nil && clean2.failure == nil)
        #expect((clean2.historiesRun, clean2.eventsRun) == (clean1.historiesRun, clean1.eventsRun))
    }

    @Test("A subject in another process is always driven from one thread; a Swift subject uses the threads asked for")
    func externalStaysSingle() {
        let external = Campaign<PlayCases<PlayExternalSubject>>(configuration: .play(seed: Seed(1), histories: 1, threads: 4), subjectName: "exec") { _, _, _ in
            throw SubjectError("never started")
        }
        #expect(external.configuration.parallelism == 1)
        let swift = Campaign(configuration: .play(seed: Seed(1), histories: 1, threads: 4), subjectName: "app") { c, p, ctx in
            PlayReferenceApp(catalog: c, policy: p, context: ctx)
        }
        #expect(swift.configuration.parallelism == 4)
    }
}
