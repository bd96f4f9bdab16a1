import Foundation
import Generators
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `demo`: checks every built-in example subject and prints what each has wrong.
    func demo(_ arguments: [String]) throws -> Int32 {
        let args = try CommandArguments(arguments, options: CommandHelp.demo, command: "demo")
        if args.flags.contains("help") {
            io.print(CommandHelp.text(for: "demo") ?? "")
            return 0
        }
        let histories = try args.int("histories", default: 2_000)
        let seed = try seed(args)
        io.print("purchase-conformance demo: \(subjects.count) built-in subjects, up to \(grouped(histories)) histories each (seed \(seed))")
        io.print("")
        let began = ContinuousClock.now
        var unexpected = 0
        for subject in subjects {
            var configuration = CampaignConfiguration(
                histories: histories, seed: seed, profile: subject.profile, policy: subject.policy, checks: subject.checks)
            configuration.findAllFailures = true
            configuration.maxFailures = 4
            let result = subject.run(configuration: configuration)
            let correct = subject.name == "reference" || subject.name.hasSuffix("-correct") || subject.name.hasSuffix("-fixed")
            if result.failures.isEmpty {
                io.print("✔ \(subject.name) — \(subject.summary)")
                io.print("    all checks held over \(grouped(result.historiesRun)) histories")
                if !correct { unexpected += 1 }
            } else {
                io.print("✘ \(subject.name) — \(subject.summary)")
                for failure in result.failures {
                    let events = failure.history.events.map(\.compact).joined(separator: ", ")
                    io.print("    \(failure.check): \(events)   (found after \(failure.foundAfterHistories ?? 0) histories)")
                }
                if correct { unexpected += 1 }
            }
        }
        let elapsed = ContinuousClock.now - began
        io.print("")
        io.print(String(format: "%d subjects in %.1f s", subjects.count, elapsed.seconds))
        return unexpected == 0 ? 0 : 1
    }
}
