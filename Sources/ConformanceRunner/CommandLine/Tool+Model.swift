import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `model`: one JSON line per event with the model's view after it.
    func model(_ arguments: [String]) throws -> Int32 {
        let args = try CommandArguments(arguments, options: CommandHelp.model, command: "model")
        if args.flags.contains("help") {
            io.print(CommandHelp.text(for: "model") ?? "")
            return 0
        }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("model needs one history FILE", command: "model")
        }
        if HistoryFile.isPlay(path) { return try modelPlay(path, acknowledging: try playAcknowledging(args)) }
        let history = try HistoryFile.read(path)
        var model = history.makeModel()
        // The trace lists notifications, not the receipts of midnight ticks: build none.
        var effects = StepEffects(recordsServerChannels: true, recordsReceipts: false)
        for (i, event) in history.events.enumerated() {
            effects.reset()
            try model.apply(event, into: &effects)
            io.print(model.traceLine(index: i, event: event, effects: effects, policy: history.policy).rendered())
        }
        return 0
    }
}
