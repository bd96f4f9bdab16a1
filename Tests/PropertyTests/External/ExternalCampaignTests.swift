import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

@Suite("The Python examples speak purchase-subject/1", .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
struct ExternalExampleTests {
    @Test("The correct Python app passes generated histories with every check on")
    func correctPasses() throws {
        let (result, process) = ExternalFixtures.campaign(try ExternalFixtures.python(ExternalFixtures.example("correct_subject.py")), histories: 100)
        defer { process.stop() }
        #expect(result.passed, "\(result.rendered(subject: "correct_subject.py", checks: 12))")
        #expect(result.historiesRun == 100 && result.eventsRun > 500)
        #expect(process.launches == 1, "one program serves every history")
    }

    @Test("The correct Python app passes PurchaseBench-1 histories")
    func correctPassesBench() throws {
        let process = SubjectProcess(command: try ExternalFixtures.python(ExternalFixtures.example("correct_subject.py")))
        defer { process.stop() }
        var configuration = ExternalFixtures.configuration(histories: 100)
        configuration.profile = PurchaseBench.profile
        let result = Campaign(catalog: PurchaseBench.catalog, configuration: configuration, subjectName: "correct", process: process).run()
        #expect(result.passed, "\(result.rendered(subject: "correct_subject.py", checks: 12))")
    }

    @Test("The correct Python app answers every message exactly as the reference subject does")
    func sameAsReference() throws {
        let process = SubjectProcess(command: try ExternalFixtures.python(ExternalFixtures.example("correct_subject.py")))
        defer { process.stop() }
        var configuration = ExternalFixtures.configuration(histories: 100, seed: 77)
        configuration.parallelism = 1  // one program: one history at a time
        let campaign = Campaign(
            catalog: ExternalFixtures.catalog, configuration: configuration, subjectName: "paired",
            factory: PairedSubject.factory(process: process))
        let result = campaign.run()
        #expect(result.passed, "\(result.rendered(subject: "paired", checks: 12))")
    }

    @Test("The buggy Python app fails refunded-never-entitled with the two-event history")
    func buggyFails() throws {
        let (result, process) = ExternalFixtures.campaign(try ExternalFixtures.python(ExternalFixtures.example("buggy_subject.py")), histories: 100)
        defer { process.stop() }
        let report = try #require(result.failures.first, "\(result.rendered(subject: "buggy_subject.py", checks: 12))")
        #expect(report.check == .refundedNeverEntitled)
        #expect(ExternalFixtures.spelled(report) == "purchase(premium), refund(#1)")
        #expect(report.failure.eventIndex == 1 && !report.flaky)
    }
}

/// The reference subject and an external one side by side: any difference in what they finish
/// or report is a fault, so a campaign over it is a differential test with shrinking.
struct PairedSubject: PurchaseSubject {
    var reference: ReferenceSubject
    var external: ExternalSubject

    init(catalog: Catalog, context: SubjectContext) throws { throw SubjectError("use factory(process:)") }

    init(reference: ReferenceSubject, external: ExternalSubject) {
        self.reference = reference
        self.external = external
    }

    static func factory(process: SubjectProcess) -> SubjectFactory<PairedSubject> {
        { catalog, context in
            PairedSubject(
                reference: ReferenceSubject(catalog: catalog, context: context),
                external: try ExternalSubject(process: process, catalog: catalog, context: context))
        }
    }

    func same<T: Equatable>(_ a: T, _ b: T, _ message: String) throws -> T {
        guard a == b else { throw SubjectError("\(message): reference \(a), external \(b)") }
        return a
    }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) throws -> [UInt64] {
        try same(reference.launch(unfinished: unfinished, context: context), external.launch(unfinished: unfinished, context: context), "launch")
    }

    mutating func terminate() {
        reference.terminate()
        external.terminate()
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) throws -> [UInt64] {
        try same(
            reference.purchaseResult(product: product, result: result, delivery: delivery, context: context),
            external.purchaseResult(product: product, result: result, delivery: delivery, context: context), "purchaseResult")
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) throws -> [UInt64] {
        try same(reference.update(delivery, context: context), external.update(delivery, context: context), "update")
    }

    mutating func restore(context: SubjectContext) throws -> [UInt64] {
        try same(try reference.restore(context: context), try external.restore(context: context), "restore")
    }

    mutating func appAction(name: String, value: JSONValue?, context: SubjectContext) throws -> ActionOutcome {
        try same(
            try reference.appAction(name: name, value: value, context: context),
            try external.appAction(name: name, value: value, context: context), "appAction")
    }

    func query(context: SubjectContext) throws -> ObservedState {
        try same(reference.query(context: context), external.query(context: context), "query")
    }

    mutating func end() {
        reference.end()
        external.end()
    }
}
