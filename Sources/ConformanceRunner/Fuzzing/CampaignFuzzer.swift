import Generators
import PurchaseStateMachine

/// One campaign step driven by a fuzzer: the bytes are the choice sequence of one history,
/// run against a subject with every check (as Hypothesis's `fuzz_one_input` does).
///
/// Every two bytes (little-endian) are one choice; the generator reads them where it would
/// draw random values, so a coverage-guided fuzzer explores histories the way a campaign
/// does, and the generator's spans keep every input a valid history. A failing history is
/// saved as an ordinary `purchase-history/1` file in `failuresFolder/subject/`, which
/// `purchase-conformance replay FILE` reproduces; then the verdict is `.failed` and the
/// shim traps, so libFuzzer saves the input as well.
public struct CampaignFuzzer<S: PurchaseSubject>: Sendable {
    /// The subject's name, written into saved histories (and used by `replay` to find it).
    public var subjectName: String
    /// Where failing histories are saved.
    public var failuresFolder: String
    let runner: CaseRunner<S>
    let policy: AppPolicy
    let start: Instant

    /// Creates a fuzzer for the subject that `factory` builds, over `catalog`.
    public init(
        subjectName: String, catalog: Catalog, profile: GenerationProfile = GenerationProfile(),
        policy: AppPolicy = AppPolicy(), checks: CheckSelection = CheckSelection(), start: Instant = .defaultStart,
        failuresFolder: String = FuzzChoices.defaultFailuresFolder, factory: @escaping SubjectFactory<S>
    ) {
        self.subjectName = subjectName
        self.failuresFolder = failuresFolder
        self.policy = policy
        self.start = start
        runner = CaseRunner(
            catalog: catalog, profile: profile, start: start, policy: policy, checks: checks, factory: factory)
    }

    /// Runs the history that `bytes` stand for; saves it when a check fails.
    public func run(_ bytes: [UInt8]) -> FuzzVerdict {
        let tc = TestCase(replaying: FuzzChoices.values(from: bytes))
        let run = runner.run(tc)
        switch (run.outcome, run.settings) {
        case (.passed, _): return .passed
        case (.stopped, _), (.rejected, _), (.failed, nil): return .refused
        case (.failed(let failure), let settings?):
            let events = run.events, schedule = run.schedule
            let history = History(
                name: "\(failure.check.rawValue)-\(subjectName)", start: start, catalog: runner.catalog, store: settings,
                policy: policy, events: events, expect: .fails(check: failure.check.rawValue, atEvent: failure.eventIndex),
                origin: HistoryOrigin(tool: ToolVersion.text, seed: nil, subject: subjectName), schedule: schedule)
            let place: String
            do {
                place = "saved to \(try FailureStore(folder: failuresFolder, subject: subjectName).save(history))"
            } catch {
                place = "could not be saved (\(error)); the history:\n\(history.fileText)"
            }
            return .failed(
                "\(subjectName) failed \(failure.check.rawValue) after event \(failure.eventIndex) of \(events.count); "
                    + "the history is \(place)")
        }
    }
}
