import PurchaseStateMachine

extension Campaign where D == AppStoreCases<ExternalSubject> {
    /// A campaign against the program `process` runs, one history at a time.
    ///
    /// An external subject is one process, so the campaign runs with `parallelism` 1 whatever
    /// `configuration` says; everything else is as configured.
    public init(catalog: Catalog, configuration: CampaignConfiguration, subjectName: String, process: SubjectProcess) {
        var serial = configuration
        serial.parallelism = 1
        self.init(catalog: catalog, configuration: serial, subjectName: subjectName, factory: ExternalSubject.factory(process: process))
    }
}

extension FailureReport {
    /// Replays the minimal history once more on `process` and keeps what the program wrote on
    /// standard error during that replay in `subjectOutput` (nil when it wrote nothing).
    ///
    /// A campaign that stops at its first failure ends with exactly that replay, so
    /// `process.standardErrorOfHistory` read right after `run()` is the same text; this method
    /// gets it for every failure of a campaign that looks for several.
    public mutating func captureSubjectOutput(replayingOn process: SubjectProcess, checks: CheckSelection = CheckSelection()) {
        _ = Replayer(checks: checks, factory: ExternalSubject.factory(process: process)).replay(history)
        let output = process.standardErrorOfHistory
        subjectOutput = output.isEmpty ? nil : output
    }
}
