import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// The `billingResponse` message over `--exec`: sent only to a program that asks for it.
@Suite("Google Play over --exec: the billingResponse message is negotiated")
struct PlayBillingResponseWireTests {
    static func campaign(_ flags: [String], histories: Int = 300) throws -> PlayCampaignResult {
        try ExternalFixtures.playExampleCampaign(flags, seed: Seed(17), histories: histories)
    }

    @Test("A subject written before billingResponse (it refuses unknown message kinds) is never sent one and passes",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func oldSubjectUnaffected() throws {
        let result = try Self.campaign(["--no-responses"])
        #expect(result.failure == nil, "\(result.failure?.rendered() ?? "")")
    }

    @Test("§2.2 V-REPLY-TRANSIENT over --exec: a subject that asks for billingResponses hears the faults and retries; the B12 mistake is caught",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func newSubjectHearsAnswers() throws {
        let history = PlayHistory(variations: playVariations { $0.transientReplyError = 2 }, events: [try PlayEvent(compact: "purchase(lifetime)")])
        let command = try ExternalCommand(arguments: [ExternalFixtures.interpreter, ExternalFixtures.example("play_subject.py")])
        let process = SubjectProcess(command: command)
        defer { process.stop() }
        let result = PlayCases(factory: PlayExternalSubject.factory(process: process)).replay(history)
        #expect(result.failure == nil)
        #expect(result.trace.contains { $0.contains("acknowledge(token-1) SERVICE_UNAVAILABLE, acknowledge(token-1) OK") })
        #expect(try Self.campaign(["--bug", "withholds-after-ack-error"], histories: 2_000).failure?.failure.check == .acknowledgementErrorKeepsAccess)
    }
}
