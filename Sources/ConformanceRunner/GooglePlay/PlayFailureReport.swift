import PurchaseStateMachine

extension PlayFailureReport {
    /// One Play failure as JSON: the App Store report's members, and the command that replays its saved file.
    var playJSON: JSONValue {
        guard case .object(var members) = json else { return json }
        if let path = savedPath, let command = reproduce ?? history.origin?.subject.map({ ReproduceCommand.tool(["--subject", $0]) }) {
            members.append(("replay", .string(command.line(for: path))))
        }
        return .object(members)
    }

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
