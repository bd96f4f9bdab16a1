import PurchaseStateMachine

extension PlayCampaignResult {
    /// The machine-readable report of a Google Play campaign (`check --json`), in the App Store's
    /// format (`purchase-conformance-report/1`) with `"storeKind": "googlePlay"`; deterministic for
    /// a seed (no timings). `savedReplayed` counts the saved failures replayed before generating.
    public func json(subject: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(CampaignResult.reportFormat)), ("storeKind", .string(PlayHistory.storeKind)), ("subject", .string(subject)),
            ("seed", .string(seed.description)), ("histories", .int(Int64(historiesRun))), ("events", .int(Int64(eventsRun))),
            ("savedReplayed", .int(Int64(savedReplayed))), ("passed", .bool(failures.isEmpty)), ("stopReason", .string(stopReason.description)),
            ("failures", .array(failures.map(\.json))),
        ]
        if let coverage { members.append(("coverage", coverage.json)) }
        return .object(members)
    }
}

extension PlayCampaignResult {
    /// The verdict of a campaign in which every check held, for `subject`: how many checks ran
    /// (all, or all but the `skipped`), over how many histories, whether a time limit stopped it
    /// before the `planned` number, and the seed (and `shard`).
    public func heldLine(subject: String, skipped: Int = 0, planned: Int? = nil, shard: Shard? = nil) -> String {
        let total = PlayCheck.builtIn.count
        let held = skipped == 0 ? "all \(total)" : "\(total - skipped) of \(total)"
        let stopped = stopReason == .timeLimit ? " (the time limit stopped it before \(grouped(planned ?? historiesRun)))" : ""
        let slice = shard.map { ", shard \($0)" } ?? ""
        return "✔ \(subject): \(held) Google Play checks held over \(grouped(historiesRun)) histories\(stopped) (seed \(seed)\(slice))"
    }
}

extension PlayFailureReport {
    /// One Play failure as JSON, in the App Store report's shape: the check, the minimal history
    /// (file form and compact), the discrepancy, and where it was saved and how to replay it.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("check", .string(failure.check.rawValue)), ("checks", .array([.string(failure.check.rawValue)])),
            ("eventIndex", .int(Int64(failure.eventIndex))), ("flaky", .bool(flaky)),
            ("events", .array(history.events.map { .string($0.compact) })), ("history", history.json),
            ("originalLength", .int(Int64(originalLength))), ("shrinkEvaluations", .int(Int64(shrinkEvaluations))),
            (
                "discrepancies",
                .array(
                    failure.discrepancies.map { d in
                        .object([
                            ("check", .string(d.check.rawValue)), ("subject", .string(d.subject)), ("expected", .array(d.expected.map(JSONValue.string))),
                            ("actual", .array(d.actual.map(JSONValue.string))), ("note", d.note.map(JSONValue.string) ?? .null),
                        ])
                    })
            ),
        ]
        if let n = foundAfterHistories { members.append(("foundAfterHistories", .int(Int64(n)))) }
        if let path = savedPath {
            members.append((foundAfterHistories == nil && shrinkEvaluations == 0 ? "replayedFrom" : "savedPath", .string(path)))
            if let command = reproduce ?? history.origin?.subject.map({ ReproduceCommand.tool(["--subject", $0]) }) {
                members.append(("replay", .string(command.line(for: path))))
            }
        }
        if let output = subjectOutput { members.append(("subjectOutput", .string(output))) }
        return .object(members)
    }
}
