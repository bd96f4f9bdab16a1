import ConformanceRunner
import Foundation
import Testing

/// `--jobs` and `--time-limit` on Google Play campaigns.
@Suite("purchase-conformance check --jobs and --time-limit on Google Play subjects")
struct PlayCampaignOptionsTests {
    @Test("--jobs changes nothing in the report: one thread and two find and shrink the same failure")
    func jobsSameReport() {
        let runs = ["1", "2"].map { jobs in
            InProcessTool.run(["check", "--subject", "play-example-keeps-replaced-token", "--jobs", jobs, "--histories", "400", "--no-save"])
        }
        #expect(runs.allSatisfy { $0.status == 1 })
        #expect(runs[0].output == runs[1].output)
        #expect(InProcessTool.run(["check", "--subject", "play-reference-app", "--jobs", "0", "--no-save"]).status == 2)
    }

    @Test("--time-limit stops generating and says how far the campaign got")
    func timeLimit() {
        let run = InProcessTool.run(["check", "--subject", "play-reference-app", "--histories", "100000000", "--time-limit", "0.3", "--no-save"])
        #expect(run.status == 0)
        #expect(run.output.contains("(the time limit stopped it before 100,000,000)"), "\(run.output)")
    }
}
