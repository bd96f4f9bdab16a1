import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `model`: one JSON line per event with the model's view after it.
    func model(_ args: CommandArguments) throws -> Int32 {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError("model needs one history FILE", command: "model")
        }
        if HistoryFile.isPlay(path) { return try modelPlay(path, acknowledging: try playAcknowledging(args)) }
        let history = try HistoryFile.read(path)
        guard Self.traceListings(history) <= Self.maximumTraceListings else {
            io.printError(
                "error: \(path): its trace would list more than \(Self.maximumTraceListings) transactions in all"
                    + " (every transaction after every event), the most `model` prints;"
                    + " `purchase-conformance replay \(path)` checks it without a trace")
            return 2
        }
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

    /// The most transaction entries one `model` trace may print in all: 200,000.
    ///
    /// Each line lists every transaction so far, so a trace grows with events × transactions
    /// (3,000 purchases then 3,000 relaunches would print 5.7 GB); past this the command refuses
    /// before printing anything, instead of running for minutes.
    static let maximumTraceListings = 200_000

    /// How many transaction entries the trace of `history` lists (up to the first event the model
    /// rejects, which printing then reports), found by applying its events without rendering.
    static func traceListings(_ history: History) -> Int {
        var model = history.makeModel()
        var effects = StepEffects(recordsServerChannels: false, recordsReceipts: false)
        var listed = 0
        for event in history.events {
            effects.reset()
            guard (try? model.apply(event, into: &effects)) != nil else { break }
            listed += model.state.transactionCount
            if listed > maximumTraceListings { return listed }
        }
        return listed
    }
}
