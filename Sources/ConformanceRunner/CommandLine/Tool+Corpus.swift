import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// The regression corpus folder that `swift test` replays.
    static let corpusFolder = "Tests/RegressionCorpus/Cases"

    /// `corpus add FILE` / `corpus list`.
    func corpus(_ arguments: [String]) throws -> Int32 {
        let args = try CommandArguments(arguments, options: CommandHelp.corpus, command: "corpus")
        if args.flags.contains("help") || args.positionals.isEmpty {
            io.print(CommandHelp.text(for: "corpus") ?? "")
            return args.flags.contains("help") ? 0 : 2
        }
        let folder = args.values["corpus"] ?? Self.corpusFolder
        switch args.positionals[0] {
        case "add":
            guard args.positionals.count == 2 else { throw UsageError("corpus add needs one FILE", command: "corpus") }
            return try corpusAdd(args.positionals[1], folder: folder, args: args)
        case "list":
            return corpusList(folder)
        default:
            throw UsageError("corpus takes add or list, not \(args.positionals[0])", command: "corpus")
        }
    }

    private func corpusAdd(_ path: String, folder: String, args: CommandArguments) throws -> Int32 {
        var history = try HistoryFile.read(path)
        let subject = args.values["subject"] != nil ? try resolveSubject(args, command: "corpus") : try defaultSubject(for: history)
        let result = subject.replay(history)
        switch result.outcome {
        case .passed: history.expect = .passes
        case .failed(let failure, _): history.expect = .fails(check: failure.check.rawValue, atEvent: failure.eventIndex)
        case .rejected(let index, let rejection):
            io.printError("error: \(path): event \(index) \(rejection)")
            return 2
        }
        var origin = history.origin ?? HistoryOrigin()
        origin.subject = subject.name
        history.origin = origin
        let name = FailureStore.slug(args.values["name"] ?? history.name ?? "case")
        history.name = name
        history.catalogFile = nil
        let destination = folder + "/" + name + ".json"
        try HistoryFile.write(history, to: destination)
        io.print("added \(destination): \(describe(history.expect)), \(history.events.count) events, subject \(subject.name)")
        return 0
    }

    private func corpusList(_ folder: String) -> Int32 {
        guard let paths = HistoryFile.historyFiles(in: folder) else {
            io.printError("error: \(folder): no such folder")
            return 2
        }
        var status: Int32 = 0
        for path in paths {
            do {
                let history = try HistoryFile.read(path)
                let name = String(path.split(separator: "/").last ?? Substring(path))
                io.print("\(name): \(describe(history.expect)), \(history.events.count) events, subject \(history.origin?.subject ?? "reference")")
            } catch {
                io.printError("error: \(error)")
                status = 2
            }
        }
        if paths.isEmpty { io.print("(the corpus is empty)") }
        return status
    }

    private func describe(_ expect: HistoryExpectation?) -> String {
        switch expect {
        case .passes?: return "passes"
        case .fails(let check, let at)?: return "\(check) after event \(at + 1)"
        case nil: return "no expectation"
        }
    }
}
