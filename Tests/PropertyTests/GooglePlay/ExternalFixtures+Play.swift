import ConformanceRunner
import Generators
import PurchaseStateMachine

extension ExternalFixtures {
    /// A campaign over `--exec` against `Examples/python/play_subject.py` run with `flags`.
    static func playExampleCampaign(
        _ flags: [String], catalog: PlayCatalog = .example, seed: Seed, histories: Int
    ) throws -> PlayCampaignResult {
        let process = SubjectProcess(command: try ExternalCommand(arguments: [interpreter, example("play_subject.py")] + flags))
        defer { process.stop() }
        let factory = PlayExternalSubject.factory(process: process)
        return Campaign(play: PlayHistoryGenerator(catalog: catalog), configuration: .play(seed: seed, histories: histories), subjectName: "exec", factory: factory).run()
    }
}
