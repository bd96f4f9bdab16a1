import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// The Play subject `check`/`replay` should run: a built-in Play subject named by `--subject`,
    /// or `--exec` with `--store googlePlay`; nil for an App Store subject.
    func playRunner(_ args: CommandArguments, command: String) throws -> PlaySubjectRunner? {
        if let name = args.values["subject"], let runner = PlayBuiltInSubjects.named(name) { return runner }
        guard let store = args.values["store"] else { return nil }
        guard store == PlayHistory.storeKind || store == "appStore" else {
            throw UsageError("--store \(store) is not appStore or googlePlay", command: command)
        }
        guard store == PlayHistory.storeKind else { return nil }
        if let name = args.values["subject"] {
            throw UsageError(
                "\(name) is not a Google Play subject (\(PlayBuiltInSubjects.all.map(\.name).joined(separator: ", ")))", command: command)
        }
        guard args.values["exec"] != nil else {
            throw UsageError("--store googlePlay needs --subject NAME (a play-… subject) or --exec 'CMD ARG…'", command: command)
        }
        return try GooglePlayStore.namedRunner(args, tool: self)
    }

    /// The catalog and app policy of a Google Play campaign: the example's, or `--catalog FILE` (a
    /// Play catalog or history) with `--consumables ID,…|none`. A bare catalog does not say which
    /// one-time products the app consumes, so that is asked for, never guessed.
    func playCatalog(_ args: CommandArguments) throws -> (PlayCatalog, PlayPolicy) {
        guard let path = args.values["catalog"] else {
            if args.values["consumables"] != nil {
                throw UsageError("--consumables goes with --catalog FILE (in the example catalog the app consumes coins100)", command: "check")
            }
            return (.example, .example)
        }
        let (catalog, saved) = try HistoryFile.readPlayCatalog(path)
        guard !catalog.purchasableIDs.isEmpty else {
            throw UsageError("\(path): the catalog has no one-time product or subscription to buy", command: "check")
        }
        let oneTime = catalog.oneTime.map(\.id)
        guard let list = args.values["consumables"] else {
            if let saved { return (catalog, saved) }
            if oneTime.isEmpty { return (catalog, PlayPolicy()) }
            throw UsageError(
                "\(path) does not say which one-time products the app consumes: name them with --consumables ID,… or --consumables none"
                    + " (its one-time products: \(oneTime.joined(separator: ", ")))", command: "check")
        }
        let ids = list == "none" ? [] : list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let unknown = ids.first(where: { !oneTime.contains($0) }) {
            throw UsageError(
                "--consumables: \"\(unknown)\" is not a one-time product of \(path) (its one-time products: \(oneTime.isEmpty ? "none" : oneTime.joined(separator: ", ")))",
                command: "check")
        }
        return (catalog, PlayPolicy(consumables: ids))
    }

    /// The Google Play checks `--checks A,B` and `--skip-checks A,B` switch off, in check order;
    /// an unknown name is an error listing the checks, and `subject-responds` cannot be switched
    /// off (a subject that did not answer cannot be followed further).
    func playSkippedChecks(_ args: CommandArguments) throws(UsageError) -> [PlayCheck] {
        let known = PlayCheck.builtIn.map(\.rawValue).joined(separator: ", ")
        func checks(_ option: String) throws(UsageError) -> [PlayCheck]? {
            guard let names = args.list(option) else { return nil }
            var out: [PlayCheck] = []
            for name in names {
                guard let check = PlayCheck(rawValue: name) else {
                    throw UsageError("unknown Google Play check \"\(name)\" (checks: \(known))", command: args.command)
                }
                out.append(check)
            }
            return out
        }
        var skipped = try checks("skip-checks") ?? []
        if let only = try checks("checks") { skipped += PlayCheck.builtIn.filter { !only.contains($0) && $0 != .subjectResponds } }
        if skipped.contains(.subjectResponds) {
            throw UsageError("subject-responds cannot be switched off: a subject that does not answer cannot be checked further", command: args.command)
        }
        return PlayCheck.builtIn.filter { skipped.contains($0) }
    }

    /// `--skip-checks A,B` for a printed command, nothing when every check runs.
    static func skipArguments(_ skipped: [PlayCheck]) -> [String] {
        skipped.isEmpty ? [] : ["--skip-checks", skipped.map(\.rawValue).joined(separator: ",")]
    }

    /// `--acknowledge app|none` of `model`.
    func playAcknowledging(_ args: CommandArguments) throws(UsageError) -> Bool {
        switch args.values["acknowledge"] ?? "app" {
        case "app": return true
        case "none": return false
        case let other: throw UsageError("--acknowledge \(other) is not app or none", command: "model")
        }
    }

    /// `model` for a Google Play history: one JSON line per event with Play's views after it.
    /// Play's state depends on the app's replies, so by default a correct app acknowledges (or,
    /// for consumables, consumes) each paid purchase as soon as it is told of it.
    /// A trace that would list more than `maximumTraceListings` tokens in all is refused before
    /// printing anything, as an App Store one is (each line lists every token so far).
    func modelPlay(_ path: String, acknowledging: Bool) throws -> Int32 {
        let history = try HistoryFile.readPlay(path)
        var counting = history.makeModel()
        _ = counting.start()
        var listed = 0
        for (i, event) in history.events.enumerated() {
            do { _ = try counting.apply(event) } catch {
                // Possible under the other replies only (`--acknowledge`): say which event, in which file.
                throw FormatError(file: path, field: "events[\(i)]", eventIndex: i, message: "\(event.compact) is not possible here: \(error.reason)")
            }
            if acknowledging { counting.replyAsCorrectApp(policy: history.policy) }
            listed += counting.tokens.count
            // Past the work limit no command runs the history (so none is suggested below).
            if let message = PlayHistory.workLimitMessage(event, work: listed + i + 1, tokens: counting.tokens.count) {
                throw FormatError(file: path, field: "events[\(i)]", eventIndex: i, message: message)
            }
        }
        guard listed <= Self.maximumTraceListings else {
            io.printError(
                "error: \(path): its trace would list more than \(Self.maximumTraceListings) purchase tokens in all"
                    + " (every token after every event), the most `model` prints;"
                    + " `purchase-conformance replay \(ReproduceCommand.shellQuoted(path))` checks it without a trace")
            return 2
        }
        var model = history.makeModel()
        _ = model.start()
        for (i, event) in history.events.enumerated() {
            let effects = try model.apply(event)  // possible: the counting pass above applied the same events
            if acknowledging { model.replyAsCorrectApp(policy: history.policy) }
            io.print(model.traceLine(index: i, event: event, effects: effects).rendered())
        }
        return 0
    }

    /// The demo's Google Play part: the references pass, each buggy example is caught and shrunk.
    func demoPlay(seed: Seed, histories: Int) -> (lines: [String], unexpected: Int) {
        var lines = ["", "Google Play (\(grouped(histories)) histories each; play-billing-semantics.md):"]
        var unexpected = 0
        for runner in PlayBuiltInSubjects.all {
            let result = runner.campaign(configuration: .play(seed: seed, histories: histories, threads: CampaignConfiguration.availableCores))
            if let failure = result.failure {
                if runner.expectedCheck != failure.failure.check { unexpected += 1 }
                let events = failure.history.events.map(\.compact).joined(separator: ", ")
                lines.append("  ✘ \(runner.name): \(failure.failure.check.rawValue): \(events)")
                lines.append("      \(runner.summary)")
            } else {
                if runner.expectedCheck != nil { unexpected += 1 }
                lines.append("  ✔ \(runner.name): all \(PlayCheck.builtIn.count) checks held over \(grouped(result.historiesRun)) histories")
            }
        }
        return (lines, unexpected)
    }
}

extension PlayModel {
    /// What `model FILE` prints after event `index` of a Google Play history.
    public func traceLine(index: Int, event: PlayEvent, effects: PlayStepEffects) -> JSONValue {
        var tokensJSON: [JSONValue] = []
        for i in tokens.indices {
            var m: [(key: String, value: JSONValue)] = [
                ("token", .string(tokens[i].tokenString)), ("status", .string(status(of: i).rawValue)),
                ("entitles", .array(entitledProducts(of: i).map { .string($0) })),
            ]
            if let deadline = tokens[i].ackDeadline { m.append(("acknowledgeBy", .string(deadline.iso8601))) }
            m.append(("server", subscriptionV2(of: i) ?? productPurchase(of: i) ?? .null))
            tokensJSON.append(.object(m))
        }
        return .object([
            ("index", .int(Int64(index))), ("event", .string(event.compact)), ("now", .string(now.iso8601)),
            ("messages", .array(effects.messages.map(\.json))),
            ("refundedUnacknowledged", .array(effects.lapsed.map { .string(tokens[$0 - 1].tokenString) })),
            ("queryPurchasesAsync", .array(queryPurchases().map(\.json))),
            ("entitled", .array(expectedEntitlements(knowsEverything: true).map { .string($0) })),
            ("tokens", .array(tokensJSON)),
        ])
    }
}
