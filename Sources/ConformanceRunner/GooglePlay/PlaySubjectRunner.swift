import Generators
import PurchaseStateMachine

/// A named Play subject the tool can run: its campaign and its replay, with the subject type erased.
public struct PlaySubjectRunner: Sendable {
    /// The name `--subject` takes.
    public let name: String
    /// One line on what the subject is (and for a buggy example, what it gets wrong).
    public let summary: String
    /// The check a buggy example fails, nil for a correct subject.
    public let expectedCheck: PlayCheck?
    /// Runs a campaign of `histories` from `seed`.
    public let campaign: @Sendable (_ seed: Seed, _ histories: Int, _ generator: PlayHistoryGenerator?) -> PlayCampaignResult
    /// Replays one history.
    public let replay: @Sendable (PlayHistory) -> (failure: PlayFailure?, trace: [String])

    /// Wraps a subject type built by `factory`; its campaigns run histories on `threads` threads
    /// (1 by default; a subject in another process always runs on one).
    public init<S: PlaySubject>(
        name: String, summary: String, expectedCheck: PlayCheck? = nil, threads: Int = 1, factory: @escaping PlaySubjectFactory<S>
    ) {
        self.name = name
        self.summary = summary
        self.expectedCheck = expectedCheck
        campaign = { seed, histories, generator in
            // The generator's catalog is the campaign's: a history is drawn and run against one catalog.
            var campaign = PlayCampaign(
                catalog: generator?.catalog ?? .example, generator: generator, seed: seed, histories: histories, subjectName: name, factory: factory)
            campaign.threads = threads
            return campaign.run()
        }
        replay = { history in PlayReplayer(factory: factory).replay(history) }
    }
}
