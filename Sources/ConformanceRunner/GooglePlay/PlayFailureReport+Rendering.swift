import PurchaseStateMachine

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

extension PlayFailureReport {
    /// What the minimal history reached up to its failing event, counted on the model with a
    /// correct app replying (for its observation line).
    var features: [CaseObservation.Feature] {
        var coverage = PlayCoverage()
        coverage.record(history.variations)
        var model = history.makeModel()
        _ = model.start()
        for event in history.events.prefix(max(0, failure.eventIndex + 1)) {
            guard (try? model.apply(event)) != nil else { break }
            model.replyAsCorrectApp(policy: history.policy)
            coverage.record(event, model: model)
        }
        return coverage.features
    }
}
