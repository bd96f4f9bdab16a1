import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import SeedSystems
import Testing

/// The timeline picture of a failure: its structure, its periods on the store clock, and that
/// the page stands alone and is the same every time.
@Suite("Timeline pictures of failures")
struct TimelineTests {
    static let subjects = BuiltInSubjects.all + SeedSystems.subjects

    /// Replays a saved failure against the subject its origin names, and renders it.
    static func render(_ path: String) throws -> (history: History, failure: Failure, page: TimelinePage) {
        let history = try HistoryFile.read(path)
        let subject = try #require(subjects.first { $0.name == history.origin?.subject }, "\(path): unknown subject")
        let result = subject.replay(history)
        let trace = result.trace
        guard let failure = result.outcome.failure else {
            throw ToolProcessError("\(path) did not fail against \(subject.name)")
        }
        let timeline = Timeline(history: history, catalog: nil, failure: failure, trace: trace, subject: subject.name, report: "report")
        return (history, failure, TimelinePage(html: TimelineHTML(timeline).rendered))
    }

    static func checkStructure(_ history: History, _ failure: Failure, _ page: TimelinePage, _ name: String) {
        let ran = failure.eventIndex + 1
        #expect(page.markers == Array(1...max(1, ran)).filter { $0 <= ran }, "\(name): one marker per event that ran")
        #expect(page.divergedMarkers == [failure.eventIndex + 1], "\(name): the diverging event is marked")
        let covered = Set(page.laneProducts.flatMap { $0 })
        for product in TimelineFixtures.products(of: history, upTo: ran) {
            #expect(covered.contains(product), "\(name): no lane shows \(product)")
        }
        #expect(page.rows.prefix(2) == ["expected/entitlements", "reported/entitlements"], "\(name): rows \(page.rows)")
        #expect(!page.html.contains("<script"), "\(name): the page runs no script")
    }

    @Test("Every saved example and bench failure renders with one marker per event, the diverging one marked, a lane per product and both rows",
        arguments: TimelineFixtures.corpus)
    func corpusFailure(_ path: String) throws {
        let (history, failure, page) = try Self.render(path)
        Self.checkStructure(history, failure, page, path)
    }

    @Test("Each seed system's first failure renders with the same structure", arguments: ["seed-s1", "seed-s2", "seed-s3", "seed-s4", "seed-s5"])
    func seedSystemFailure(_ name: String) throws {
        let subject = try #require(SeedSystems.subjects.first { $0.name == name })
        let configuration = CampaignConfiguration(
            histories: 400, seed: Seed(0x5eed_0001), profile: subject.profile, policy: subject.policy, checks: subject.checks)
        let result = subject.run(configuration: configuration)
        let failure = try #require(result.failures.first, "\(name) passed 400 histories")
        let page = TimelinePage(html: failure.timelineHTML(subject: name))
        Self.checkStructure(failure.history, failure.failure, page, name)
    }

    @Test("The same failure renders to the same bytes, and the page fetches nothing")
    func deterministicAndSelfContained() throws {
        let path = try #require(TimelineFixtures.corpus.first { $0.hasSuffix("example-launch-deliveries-ignored.json") })
        let first = try Self.render(path).page.html
        let second = try Self.render(path).page.html
        #expect(first == second)
        for forbidden in ["<script", "<link", "@import", "src=", "href=", "https://", "url(http"] {
            #expect(!first.contains(forbidden), "the page contains \(forbidden)")
        }
        #expect(first.contains("prefers-color-scheme: dark"))
        #expect(first.contains("<title id=\"timeline-title\">") && first.contains("<desc id=\"timeline-desc\">"))
        #expect(first.contains("role=\"img\""))
    }

    @Test("Renewal, grace and billing retry inside one advance land where the store clock puts them")
    func periodsInsideAnAdvance() throws {
        let start = Instant.defaultStart
        let history = History(
            start: start, catalog: ExampleCatalog.standard,
            events: [.purchase(Purchase(product: "yearly")), .setBilling(ok: false), .advanceTime(by: ISODuration(days: 400))])
        let timeline = Timeline(history: history, catalog: nil, failure: nil, trace: [], subject: "model", report: "")
        let lane = try #require(timeline.lanes.first { $0.id == "pro" })
        let own = try #require(lane.tracks.first { $0.name == "own" })
        #expect(own.periods.map(\.kind) == [.subscribed, .grace, .billingRetry])
        let renewal = start.adding(ISODuration(years: 1))
        #expect(own.periods[1].start == renewal)
        #expect(own.periods[2].start == renewal.adding(ISODuration(days: 16)))
        #expect(own.periods[1].from > 2 && own.periods[1].from < 3, "grace starts inside the advance's slot")
        #expect(!timeline.rows.contains { $0.role == .deviceClock }, "the device clock was never off")
    }

    @Test("A device clock that is off gets its own row, only where it is off")
    func deviceClockRow() throws {
        let history = History(
            catalog: ExampleCatalog.standard,
            events: [.purchase(Purchase(product: "premium")), .setDeviceClock(offset: ISODuration(days: 3)), .setDeviceClock(offset: .zero)])
        let timeline = Timeline(history: history, catalog: nil, failure: nil, trace: [], subject: "model", report: "")
        let row = try #require(timeline.rows.first { $0.role == .deviceClock })
        #expect(row.cells == [nil, "+P3D", nil])
    }
}

extension TimelineTests {
    @Test("A change exactly at the end of an advance still shows, in the slot's last sliver")
    func changeAtTheEndOfAnAdvance() throws {
        let history = History(
            catalog: ExampleCatalog.standard,
            events: [.purchase(Purchase(product: "yearly")), .setAutoRenew(group: "pro", enabled: false), .advanceTime(by: ISODuration(years: 1))])
        let timeline = Timeline(history: history, catalog: nil, failure: nil, trace: [], subject: "model", report: "")
        let own = try #require(timeline.lanes.first { $0.id == "pro" }?.tracks.first { $0.name == "own" })
        #expect(own.periods.map(\.kind) == [.subscribed, .expired])
        #expect(own.periods.last?.start == Instant.defaultStart.adding(ISODuration(years: 1)))
        #expect((own.periods.last?.to ?? 0) - (own.periods.last?.from ?? 0) > 0)
    }
}

extension TimelineTests {
    @Test("A failure at launch, before any event, draws no marker and lists every event as not run")
    func launchFailure() throws {
        let history = History(catalog: ExampleCatalog.standard, events: [.purchase(Purchase(product: "premium")), .relaunch])
        let failure = Failure(
            eventIndex: -1,
            discrepancies: [Discrepancy(check: .subjectResponds, subject: "start", expected: ["a reply"], actual: ["crash"])])
        let timeline = Timeline(history: history, catalog: nil, failure: failure, trace: [], subject: "s", report: "✘ at launch")
        let page = TimelinePage(html: TimelineHTML(timeline).rendered)
        #expect(timeline.divergedAt == nil)
        #expect(page.markers.isEmpty)
        #expect(page.html.components(separatedBy: "class=\"not-run\"").count == 3)
    }

    @Test("Text from the history is escaped in the page")
    func escaping() throws {
        let catalog = try Catalog(products: [Product(id: "a<b>&\"c'", kind: .nonConsumable)])
        let history = History(catalog: catalog, events: [.purchase(Purchase(product: "a<b>&\"c'"))])
        let timeline = Timeline(history: history, catalog: nil, failure: nil, trace: [], subject: "<s>", report: "<pre>")
        let html = TimelineHTML(timeline).rendered
        #expect(!html.contains("a<b>"))
        #expect(html.contains("a&lt;b&gt;&amp;&quot;c&#39;"))
        #expect(!html.contains("<s>") && !html.contains("<pre><pre>"))
    }
}
