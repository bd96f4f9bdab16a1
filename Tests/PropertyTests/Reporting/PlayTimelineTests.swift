import BuiltInSubjects
import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// The timeline picture of a Google Play history: each product's newest token status after each
/// event, the entitlements expected against those reported, and the diverging event marked.
@Suite("Google Play timelines")
struct PlayTimelineTests {
    static let hold = "Tests/RegressionCorpus/Cases/play-ignores-hold.json"

    @Test("A backend that ignores account hold: the subscription lane goes subscribed → account hold, and the app's pro differs at event 3")
    func holdTimeline() throws {
        let history = try HistoryFile.readPlay(Self.hold)
        let runner = try #require(PlayBuiltInSubjects.named("play-example-ignores-hold"))
        let result = runner.replay(history)
        let timeline = Timeline(play: history, result: result, subject: runner.name, report: "✘ on-hold-never-entitled failed after event 3 of 3")
        #expect(timeline.divergedAt == 2)
        #expect(timeline.events.map(\.kind) == ["purchase", "setBilling", "advanceTime"])
        let lane = try #require(timeline.lanes.first { $0.id == "pro" })
        #expect(lane.kindLabel == "subscription")
        #expect(lane.tracks.first?.periods.map(\.kind) == [.subscribed, .onHold])
        // The trial ends (and hold begins, this store having no grace) halfway through the 14-day advance.
        #expect(lane.tracks.first?.periods.map(\.from) == [0, 2.5])
        #expect(lane.tracks.first?.periods.last?.start == Instant(iso8601: "2026-01-08T00:00:00Z"))
        let expected = try #require(timeline.rows.first { $0.role == .expected })
        let reported = try #require(timeline.rows.first { $0.role == .reported })
        #expect(expected.cells == ["pro", "pro", "none"])
        #expect(reported.cells == ["pro", "pro", "pro"])
        #expect(reported.differs == [false, false, true])
        // The reference backend's timeline agrees with the model at every event.
        let reference = try #require(PlayBuiltInSubjects.named("play-reference-server")).replay(history)
        let passing = Timeline(play: history, result: reference, subject: "play-reference-server", report: "✔")
        #expect(passing.divergedAt == nil && passing.rows.allSatisfy { !$0.differs.contains(true) })
    }

    @Test("Turns inside one time advance are drawn where they happened: renewal date → grace → account hold")
    func turnsInsideAnAdvance() throws {
        let events = try ["purchase(basic-monthly)", "setBilling(fail)", "advanceTime(P40D)"].map { try PlayEvent(compact: $0) }
        let history = PlayHistory(variations: playVariations { $0.graceDays = 3 }, events: events)
        let runner = try #require(PlayBuiltInSubjects.named("play-reference-app"))
        let timeline = Timeline(play: history, result: runner.replay(history), subject: runner.name, report: "✔")
        let periods = try #require(timeline.lanes.first { $0.id == "basic" }?.tracks.first?.periods)
        #expect(periods.map(\.kind) == [.subscribed, .grace, .onHold])
        // Renewal due after 31 days, grace for 3: at 31/40 and 34/40 of the advance's column.
        let positions: [Double] = [0, 2 + 31.0 / 40, 2 + 34.0 / 40]
        #expect(periods.map(\.from) == positions)
        let starts: [String] = ["2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z", "2026-02-04T00:00:00Z"]
        #expect(periods.map(\.start.iso8601) == starts)
    }

    @Test("Every token status is drawn as a period kind with its own words, except a pending purchase canceled before payment")
    func everyStatusDrawn() {
        for status in PlayTokenStatus.allCases {
            let kind = Timeline.periodKind(status)
            #expect((kind == nil) == (status == .pendingCanceled), "\(status)")
        }
        let labels = PeriodKind.allCases.map(\.label)
        #expect(Set(labels).count == labels.count)
    }

    @Test("report --html and check --html write Play timeline pages: self-contained, deterministic, with the diverging event marked")
    func pages() throws {
        let folder = try temporaryFolder("pc-play-html")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/hold.html"
        let report = InProcessTool.run(["report", Self.hold, "--html", page])
        #expect(report.status == 1)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<meta name=\"generator\" content=\"\(TimelineHTML.format)\">"))
        #expect(html.contains("account hold") && html.contains("data-diverged=\"true\""))
        #expect(!html.contains("<script") && !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
        _ = InProcessTool.run(["report", Self.hold, "--html", folder + "/again.html"])
        #expect(try String(contentsOfFile: folder + "/again.html", encoding: .utf8) == html)
        let check = InProcessTool.run([
            "check", "--subject", "play-example-ignores-hold", "--histories", "300", "--no-save", "--html", folder + "/pages",
        ])
        #expect(check.status == 1)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder + "/pages")
        #expect(pages == ["on-hold-never-entitled.html"], "named as an App Store failure's page is: its saved file, else its check")
        let drawn = try String(contentsOfFile: folder + "/pages/" + pages[0], encoding: .utf8)
        #expect(drawn.contains("data-diverged=\"true\"") && drawn.contains("account hold"))
    }
}
