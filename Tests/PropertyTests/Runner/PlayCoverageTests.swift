import BuiltInSubjects
import ConformanceRunner
import Generators
import PurchaseStateMachine
import Testing

/// `check --stats` on Google Play campaigns, and what it shows: every event kind and token status
/// a campaign against a correct app reaches, and every value of every store variation.
@Suite("Google Play campaigns count what their histories exercised")
struct PlayCoverageTests {
    /// The counts of a 2,000-history campaign of the reference app over `catalog`.
    static func coverage(_ catalog: PlayCatalog = .example) throws -> PlayCoverage {
        let runner = try #require(PlayBuiltInSubjects.all.first { $0.name == "play-reference-app" })
        var configuration = CampaignConfiguration.play(seed: Seed(0x5eed_0001), histories: 2_000)
        configuration.collectStatistics = true
        let result = runner.campaign(PlayHistoryGenerator(catalog: catalog), configuration: configuration)
        #expect(result.failure == nil)
        let coverage = try #require(result.coverage)
        #expect(coverage.histories == 2_000 && coverage.events == result.eventsRun)
        return coverage
    }

    @Test("A campaign against the reference app reaches every event kind (Billing Lab needs a license tester), every token status, and every variation value")
    func everythingReached() throws {
        let rows = try Self.coverage().rows
        let missing = rows.filter { $0.count == 0 && $0.label != "event:billingLab" }.map(\.label)
        #expect(missing.isEmpty, "never reached: \(missing)")
        // Restore needs a subscription the customer canceled and still has: drawn while one waits (§6.5).
        #expect((rows.first { $0.label == "event:restore" }?.count ?? 0) >= 10)
        var tester = PlayCatalog.example
        tester.licenseTesting = true
        #expect((try Self.coverage(tester).rows.first { $0.label == "event:billingLab" }?.count ?? 0) > 0)
    }

    @Test("check --stats prints the table after the verdict; --json carries the same counts")
    func statsOnTheCommandLine() throws {
        let text = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "200", "--no-save", "--stats"])
        #expect(text.status == 0)
        #expect(text.output.contains("\nStatistics over 200 histories, "), "\(text.output)")
        #expect(text.output.contains("  event:purchase "))
        #expect(text.output.contains("  status:onHold "))
        let json = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "200", "--no-save", "--stats", "--json"])
        let report = try JSONValue.parse(json.output)
        guard case .object(let counts)? = report["coverage"] else {
            Issue.record("no coverage in \(json.output)")
            return
        }
        #expect(counts.contains { $0.key == "event:purchase" && $0.value != .int(0) })
        #expect(counts.contains { $0.key == "variation:notificationsReordered" })
    }
}
