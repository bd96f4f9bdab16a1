import PurchaseStateMachine

extension SubjectRunner {
    /// A subject in another process speaking `purchase-subject/1`, started from `command` (an
    /// argument vector, no shell) and reused across histories; histories run one at a time.
    ///
    /// Throws when the command cannot be parsed or its program found. `policy` is what the
    /// program promises (a server that validates receipts trusts Apple's servers).
    package static func external(
        command: String, timeout: Double, catalog: Catalog, policy: AppPolicy = AppPolicy()
    ) throws(ExternalCommandError) -> SubjectRunner {
        let parsed = try ExternalCommand(parsing: command)
        let process = SubjectProcess(command: parsed, timeout: .milliseconds(Int64(timeout * 1000)))
        let script = parsed.arguments.last { $0.hasSuffix(".py") || $0.hasSuffix(".js") || $0.hasSuffix(".php") || $0.hasSuffix(".rb") }
        let base = (script ?? parsed.executable).split(separator: "/").last.map(String.init) ?? "subject"
        let name = "exec-" + base
        var runner = SubjectRunner(
            name: name, summary: "an external subject: \(parsed.arguments.joined(separator: " "))", catalog: catalog,
            policy: policy, parallelSafe: false, factory: ExternalSubject.factory(process: process))
        runner.reproduce = .tool(["--exec", command])
        runner.standardErrorTail = {
            let text = process.standardErrorOfHistory
            return text.isEmpty ? nil : text
        }
        runner.completeReport = { (report: FailureReport) -> FailureReport in
            var completed = report
            completed.captureSubjectOutput(replayingOn: process, checks: CheckSelection())
            return completed
        }
        return runner
    }
}
