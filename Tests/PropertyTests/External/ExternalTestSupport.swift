import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// Where the external subjects of these tests live, and how to run campaigns against them.
enum ExternalFixtures {
    /// The repository root, found from this file (through the development package's symlink).
    static let root: URL = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// `Examples/python/NAME`.
    static func example(_ name: String) -> String { root.appendingPathComponent("Examples/python/\(name)").path }

    /// `Examples/python/misbehaving_subject.py`.
    static var misbehaving: String { example("misbehaving_subject.py") }

    /// Whether `python3` is on PATH (the Python subjects are skipped, saying so, when it is not).
    static let hasPython: Bool = (try? ExternalCommand.resolve("python3")) != nil

    /// The interpreter itself rather than a version manager's `python3` shim, which takes three
    /// times as long to start (the misbehaving subjects restart often); asked of `python3` once.
    static let interpreter: String = {
        guard let command = try? ExternalCommand(arguments: ["python3", "-c", "import sys; sys.stdin.readline(); print(sys.executable)"])
        else { return "python3" }
        let process = SubjectProcess(command: command)
        defer { process.stop() }
        guard (try? process.launch()) != nil, let path = try? process.exchange(""), path.hasPrefix("/") else { return "python3" }
        return path
    }()

    /// A Python command for `script` with `arguments`.
    static func python(_ script: String, _ arguments: String...) throws -> ExternalCommand {
        try ExternalCommand(arguments: [interpreter, script] + arguments)
    }

    /// A small catalog with every product type, a family-shareable product and a two-level group.
    static let catalog: Catalog = {
        let text = """
            {"products": [
              {"id": "coins", "type": "consumable", "grant": 100},
              {"id": "premium", "type": "nonConsumable", "familyShareable": true},
              {"id": "pass", "type": "nonRenewable", "duration": "P1M"},
              {"id": "monthly", "type": "autoRenewable", "group": "pro", "level": 2, "period": "P1M",
               "introductoryOffer": {"mode": "freeTrial", "duration": "P1W"}},
              {"id": "yearly", "type": "autoRenewable", "group": "pro", "level": 1, "period": "P1Y", "familyShareable": true}
            ]}
            """
        do {
            return try Catalog(json: JSONValue.parse(text))
        } catch {
            preconditionFailure("the test catalog is valid: \(error)")
        }
    }()

    /// A configuration for short external campaigns: one failure, one shrink start, no saved files.
    static func configuration(histories: Int, seed: UInt64 = 0x5eed_0001) -> CampaignConfiguration {
        var configuration = CampaignConfiguration(histories: histories, seed: Seed(seed))
        configuration.shrinkStarts = 1
        return configuration
    }

    /// Runs a campaign against `command` and returns its result with the process it used.
    static func campaign(
        _ command: ExternalCommand, histories: Int, timeout: Duration = .seconds(5), seed: UInt64 = 0x5eed_0001,
        configure: (inout CampaignConfiguration) -> Void = { _ in }
    ) -> (result: CampaignResult, process: SubjectProcess) {
        let process = SubjectProcess(command: command, timeout: timeout)
        var configuration = configuration(histories: histories, seed: seed)
        configure(&configuration)
        let campaign = Campaign(catalog: catalog, configuration: configuration, subjectName: "external", process: process)
        let result = campaign.run()
        return (result, process)
    }

    /// The open file descriptors of this process.
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// The compact spelling of a report's minimal history, for messages.
    static func spelled(_ report: FailureReport) -> String {
        report.history.events.map(\.compact).joined(separator: ", ")
    }
}
