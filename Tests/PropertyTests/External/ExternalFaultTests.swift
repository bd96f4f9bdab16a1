import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("A misbehaving external subject fails subject-responds with a minimal history", .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
struct ExternalFaultTests {
    /// Runs a short campaign against the misbehaving subject in `mode` at `message`.
    func run(_ mode: String, at message: String, timeout: Duration = .seconds(5)) throws -> (FailureReport, SubjectProcess) {
        let command = try ExternalFixtures.python(ExternalFixtures.misbehaving, mode, message)
        let (result, process) = ExternalFixtures.campaign(command, histories: 10, timeout: timeout)
        let report = try #require(result.failures.first, "\(mode) at \(message): no failure found")
        return (report, process)
    }

    /// The fault message of a subject-responds failure.
    func message(_ report: FailureReport) -> String { report.failure.discrepancies.first?.actual.joined() ?? "" }

    @Test(
        "Each kind of misbehaviour is reported at the shortest history that reaches it",
        arguments: [
            // (mode, message, events of the minimal history: any one of these spellings, or any single event when empty, fault)
            ("sleep", "restore", ["restore"], "`restore`: no reply within 0.5 s; the subject process was stopped; its last line on standard error: going to sleep in restore"),
            ("exit", "update", ["purchase(premium)", "purchase(yearly)", "familyShare(premium)", "familyShare(yearly)"], "`update`: the subject process ended (exit status 3) without replying; its last line on standard error: simulated crash while handling update"),
            ("garbage", "purchaseResult", ["purchase(coins)", "purchase(premium)"], #"bad reply to `purchaseResult`: not JSON"#),
            ("wrong-type", "terminate", ["relaunch"], #"the subject had already failed in this history: bad reply to `terminate`: a reply of type "state" does not answer `terminate`"#),
            ("wrong-type", "query", [], #"bad reply to `query`: a reply of type "ok" does not answer `query`"#),
            ("chatty", "launch", [], #"more than one line in reply to the previous message: "{\"type\":\"ok\",\"finish\":[]}\n""#),
            ("error", "restore", ["restore"], "the subject reported an error in reply to `restore`: database is locked while handling restore"),
        ])
    func misbehaviour(_ mode: String, _ message: String, _ events: [String], _ fault: String) throws {
        let timeout: Duration = mode == "sleep" ? .milliseconds(500) : .seconds(5)
        let (report, process) = try run(mode, at: message, timeout: timeout)
        defer { process.stop() }
        #expect(report.check == .subjectResponds)
        #expect(!report.flaky)
        #expect(self.message(report).contains(fault), "\(self.message(report))")
        let spelled = report.history.events.map(\.compact)
        #expect(spelled.count == 1 && (events.isEmpty || events.contains(spelled[0])), "\(spelled)")
        #expect(report.failure.eventIndex == 0)
    }

    @Test("A subject that exits before answering start fails at the start of the first history, and is not shrunk: every candidate would fail alike")
    func cannotStart() throws {
        let command = try ExternalCommand(arguments: [ExternalFixtures.interpreter, "-c", "import sys; sys.stderr.write('no config\\n'); sys.exit(2)"])
        let (result, process) = ExternalFixtures.campaign(command, histories: 3)
        let report = try #require(result.failures.first)
        #expect(report.check == .subjectResponds && report.history.events.isEmpty && report.failure.eventIndex == -1)
        #expect(message(report).contains("`start`: the subject process"), "\(message(report))")
        #expect(message(report).contains("exit status 2") && message(report).contains("no config"), "\(message(report))")
        #expect(process.standardErrorTail.contains("no config"))
        // The campaign's run, the shrink's rerun and the confirming replay: no shrink candidates.
        #expect(report.shrinkStop == .beforeFirstEvent && report.shrinkEvaluations == 0)
        #expect(process.launches <= 3, "\(process.launches) launches")
        #expect(report.history.store == StoreSettings(), "the store stays the campaign's own: \(report.history.store)")
    }

    @Test("What the subject wrote on standard error is kept for the report")
    func standardErrorCaptured() throws {
        let (result, process) = ExternalFixtures.campaign(try ExternalFixtures.python(ExternalFixtures.misbehaving, "stderr", "-"), histories: 5)
        defer { process.stop() }
        #expect(result.passed)
        #expect(process.standardErrorOfHistory.hasPrefix("handling start\nhandling launch\n"))
        #expect(process.standardErrorOfHistory.hasSuffix("handling end\n"))

        var (report, crashing) = try run("exit", at: "update")
        defer { crashing.stop() }
        report.captureSubjectOutput(replayingOn: crashing)
        #expect(report.subjectOutput == "simulated crash while handling update\n")
        #expect(report.rendered().contains("simulated crash while handling update"))
    }

    @Test("A subject that wants server channels gets notifications and ticks")
    func serverChannels() throws {
        let (result, process) = ExternalFixtures.campaign(try ExternalFixtures.python(ExternalFixtures.misbehaving, "channels", "-"), histories: 30)
        defer { process.stop() }
        #expect(result.passed, "\(result.rendered(subject: "channels", checks: 12))")
        let log = process.standardErrorTail
        #expect(log.contains("notification SUBSCRIBED"), "\(log.suffix(500))")
        #expect(log.contains("tick 20"))
        #expect(!log.contains("with receipt"))
        let context = SubjectContext(model: StoreModel(catalog: ExternalFixtures.catalog, settings: StoreSettings(), start: .defaultStart))
        let subject = try ExternalSubject(process: process, catalog: ExternalFixtures.catalog, context: context)
        #expect(subject.channels == [.notifications, .ticks])
    }

    @Test("After a fault the next history starts a fresh program")
    func restartAfterFault() throws {
        let (_, process) = try run("exit", at: "update")
        defer { process.stop() }
        let launches = process.launches
        let context = SubjectContext(model: StoreModel(catalog: ExternalFixtures.catalog, settings: StoreSettings(), start: .defaultStart))
        var subject = try ExternalSubject(process: process, catalog: ExternalFixtures.catalog, context: context)
        #expect(try subject.launch(unfinished: [], context: context) == [])
        #expect(try subject.query(context: context).entitled == [])
        #expect(process.launches == launches + 1)
    }
}

@Suite("An external subject runs one history at a time")
struct ExternalSerialTests {
    @Test("A campaign for an external subject runs on one thread")
    func campaignIsSerial() throws {
        let process = SubjectProcess(command: try ExternalCommand(parsing: "cat"))
        var configuration = CampaignConfiguration(histories: 10)
        configuration.parallelism = 8
        let campaign = Campaign(catalog: ExternalFixtures.catalog, configuration: configuration, subjectName: "cat", process: process)
        #expect(campaign.configuration.parallelism == 1)
    }

    @Test("A history whose process another history took over fails, saying why", .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func interleavedHistories() throws {
        let process = SubjectProcess(command: try ExternalFixtures.python(ExternalFixtures.example("correct_subject.py")))
        defer { process.stop() }
        let context = SubjectContext(model: StoreModel(catalog: ExternalFixtures.catalog, settings: StoreSettings(), start: .defaultStart))
        var first = try ExternalSubject(process: process, catalog: ExternalFixtures.catalog, context: context)
        var second = try ExternalSubject(process: process, catalog: ExternalFixtures.catalog, context: context)
        #expect(try second.launch(unfinished: [], context: context) == [])
        #expect {
            try first.launch(unfinished: [], context: context)
        } throws: { error in
            "\(error)".contains("another history started on this subject process while this one was running")
        }
        #expect(throws: SubjectError.self) { try ExternalSubject(catalog: ExternalFixtures.catalog, context: context) }
    }
}
