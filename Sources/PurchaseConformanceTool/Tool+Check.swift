import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

extension PurchaseConformanceTool {
    /// `check`: a campaign against one subject.
    func check(_ args: CommandArguments) throws -> Int32 {
        if args.flags.contains("list-subjects") {
            let width = (subjects.map(\.name.count) + PlayBuiltInSubjects.all.map(\.name.count)).max() ?? 0
            for subject in subjects { io.print("\(subject.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(subject.summary)") }
            for subject in PlayBuiltInSubjects.all {
                io.print("\(subject.name.padding(toLength: width, withPad: " ", startingAt: 0))  (Google Play) \(subject.summary)")
            }
            return 0
        }
        guard args.positionals.isEmpty else {
            throw UsageError("check takes no positional arguments (got \(args.positionals.joined(separator: " ")))", command: "check")
        }
        let began = ContinuousClock.now
        if let play = try playRunner(args, command: "check") {
            let (result, checks) = try checkPlay(args, play)
            return try report(result, subject: play.name, checks: checks, reproduce: play.reproduce, args: args, began: began)
        }
        if args.values["consumables"] != nil {
            throw UsageError("--consumables is for Google Play subjects; an App Store catalog says what each consumable credits", command: "check")
        }
        let subject = try resolveSubject(args, command: "check")
        let catalog = try catalogOption(args) ?? subject.catalog
        let named = try profile(args)
        var configuration = CampaignConfiguration(
            histories: try args.int("histories", default: named?.histories ?? 1_000), seed: try seed(args), profile: subject.profile,
            policy: subject.policy, checks: try checkSelection(args, subject: subject))
        if let path = args.values["catalog"] { configuration.profile.fixedSettings = try HistoryFile.readStoreSettings(path) }
        configuration.profile.maxEvents = try args.int(
            "max-events", default: named?.maxEvents ?? subject.profile.maxEvents, range: 1...10_000)
        try applyCampaignOptions(args, profile: named, to: &configuration)
        configuration.collectStatistics = args.flags.contains("stats") || args.flags.contains("json")
        if let text = args.values["health-threshold"] {
            guard let percent = Double(text), percent >= 0, percent <= 100 else {
                throw UsageError("--health-threshold \(text) is not a percentage in 0…100", command: "check")
            }
            configuration.healthThreshold = percent / 100
        }
        var setup = subject.setup
        setup.catalog = catalog
        var result = try campaign(subject, setup, configuration, args: args)
        for i in result.failures.indices { result.failures[i] = subject.completeReport(result.failures[i]) }
        return try report(result, subject: subject.name, checks: configuration.checks.allIDs.count, reproduce: subject.reproduce, args: args, began: began)
    }

    /// Prints a campaign's report of either store (text or `--json`), writes its artifacts, and
    /// says on standard error what it cost; the exit status is 0 when every check held.
    func report<St: Store>(
        _ result: StoreCampaignResult<St>, subject: String, checks: Int, reproduce: ReproduceCommand, args: CommandArguments,
        began: ContinuousClock.Instant
    ) throws -> Int32 {
        for message in result.pruned { io.printError(message) }
        // A saved failure this subject cannot run is bad input, never a silent skip.
        for refusal in result.savedRefused { io.printError("error: \(refusal)") }
        try writeArtifacts(result, subject: subject, args: args)
        if args.flags.contains("json") {
            io.print(result.json(subject: subject).rendered())
        } else {
            io.print(result.rendered(subject: subject, checks: checks, reproduce: reproduce))
        }
        if args.values["exec"] != nil, result.failures.contains(where: { $0.check == .subjectResponds && $0.failure.eventIndex < 0 }) {
            io.printError(Self.otherStoreHint(play: St.reportKind != nil))
        }
        if !args.flags.contains("json") {
            let total = (ContinuousClock.now - began).seconds
            let shrinking = result.shrinkTime.seconds
            let generating = max(0.000_001, total - shrinking)
            if result.failures.isEmpty {
                io.printError(
                    String(
                        format: "(%.2f s: %@ histories/s, %@ events/s)", total, grouped(Int(Double(result.historiesRun) / generating)),
                        grouped(Int(Double(result.eventsRun) / generating))))
            } else {
                io.printError(String(format: "(%.2f s in all, %.2f s of it shrinking)", total, shrinking))
            }
        }
        return result.savedRefused.isEmpty ? (result.passed ? 0 : 1) : 2
    }

    /// `check`'s options that mean the same for a campaign of either store: `--time-limit` (else
    /// the `--profile`'s), `--shard`, `--jobs` (else every core), `--all-failures` and `--observations`.
    func applyCampaignOptions(
        _ args: CommandArguments, profile named: ConformanceEnvironment.Profile?, to configuration: inout CampaignConfiguration
    ) throws {
        configuration.timeLimit = try args.seconds("time-limit").map { .milliseconds(Int64($0 * 1000)) } ?? named?.timeLimit
        if let text = args.values["shard"] {
            guard let shard = Shard(text) else { throw UsageError("--shard \(text) is not I/N with 1 ≤ I ≤ N", command: "check") }
            configuration.shard = shard
        }
        configuration.parallelism = try args.int("jobs", default: CampaignConfiguration.availableCores, range: 1...256)
        configuration.findAllFailures = args.flags.contains("all-failures")
        configuration.recordsObservations = args.values["observations"] != nil
    }

    /// Runs `runner`'s campaign on `setup` for `check`, either store: against its failures folder
    /// (`--failures`, unless `--no-save`), with the live progress line when standard error is a terminal.
    func campaign<St: Store>(
        _ runner: StoreSubjectRunner<St>, _ setup: St.SubjectSetup, _ configuration: CampaignConfiguration, args: CommandArguments
    ) throws -> StoreCampaignResult<St> {
        var configuration = configuration
        let progress = io.showsProgress ? ProgressLine(io: io) : nil
        if let progress { configuration.progressHandler = { progress.update($0) } }
        defer { progress?.finish() }
        guard !args.flags.contains("no-save") else { return runner.run(setup, configuration: configuration) }
        let folder = FailureStore(folder: args.values["failures"] ?? FailureStore.defaultFolder, subject: runner.name)
        return try runner.run(setup, configuration: configuration, store: folder)
    }

    /// What to try when a program fails before the first event: it may speak for the other store.
    static func otherStoreHint(play: Bool) -> String {
        play
            ? "note: the program failed before the first event; an App Store subject runs without --store googlePlay"
            : "note: the program failed before the first event; a Google Play subject needs --store googlePlay"
                + " (its start message then carries \"storeKind\": \"googlePlay\", the Play catalog and the policy)"
    }

    /// The catalog `--catalog FILE` names, with `--grants` and `--durations` for a `.storekit` file; nil without `--catalog`.
    func catalogOption(_ args: CommandArguments) throws -> Catalog? {
        guard let path = args.values["catalog"] else {
            if args.values["grants"] != nil || args.values["durations"] != nil {
                throw UsageError("--grants and --durations go with --catalog FILE.storekit", command: args.command)
            }
            return nil
        }
        var grants = StoreKitGrants()
        for item in args.list("grants") ?? [] {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let n = Int(parts[1]), n >= 1, n <= Catalog.maximumGrant else {
                throw UsageError("--grants \(item) is not ID=N with N from 1 to \(Catalog.maximumGrant)", command: args.command)
            }
            grants.consumables[parts[0]] = n
        }
        for item in args.list("durations") ?? [] {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let d = ISODuration(iso8601: parts[1]), !d.isZero, !d.isNegative else {
                throw UsageError("--durations \(item) is not ID=DURATION such as season=P3M", command: args.command)
            }
            grants.nonRenewing[parts[0]] = d
        }
        return try HistoryFile.readCatalog(path, grants: grants)
    }

    /// `--seed HEX`, `--seed random` (a fresh seed each run; the report prints it), or the fixed default.
    func seed(_ args: CommandArguments) throws(UsageError) -> Seed {
        guard let text = args.values["seed"] else { return Seed(0x5eed_0001) }
        if text == "random" { return ConformanceEnvironment.randomSeed() }
        guard let seed = Seed(hex: text) else {
            throw UsageError("--seed \(text) is not 1 to 16 hex digits (such as 5eed0001) or random", command: args.command)
        }
        return seed
    }

    /// The profile `--profile NAME` names (histories, event count and time limit), nil without it.
    func profile(_ args: CommandArguments) throws(UsageError) -> ConformanceEnvironment.Profile? {
        try args.values["profile"].map { name throws(UsageError) in
            guard let entry = ConformanceEnvironment.profiles.first(where: { $0.name == name }) else {
                throw UsageError(
                    "--profile \(name) is not one of \(ConformanceEnvironment.profiles.map(\.name).joined(separator: ", "))",
                    command: "check")
            }
            return entry
        }
    }

    func checkSelection(_ args: CommandArguments, subject: SubjectRunner) throws(UsageError) -> CheckSelection {
        var selection = subject.checks
        let known = selection.allIDs.map(\.rawValue)
        func validate(_ names: [String]) throws(UsageError) -> [CheckID] {
            for name in names where !known.contains(name) {
                throw UsageError("unknown check \"\(name)\" (checks: \(known.joined(separator: ", ")))", command: args.command)
            }
            return names.map { CheckID($0) }
        }
        if let only = args.list("checks") {
            let keep = Set(try validate(only))
            selection.builtIn = selection.builtIn.intersection(keep)
            selection.custom = selection.custom.filter { keep.contains($0.id) }
        }
        if let skip = args.list("skip-checks") { selection = selection.skipping(try validate(skip)) }
        return selection
    }

    /// The subject named by `--subject` or started by `--exec` (exactly one of them).
    func resolveSubject(_ args: CommandArguments, command: String, fallback: SubjectRunner? = nil) throws -> SubjectRunner {
        switch (args.values["subject"], args.values["exec"]) {
        case (let name?, nil):
            return try subject(named: name, command: command)
        case (nil, let exec?):
            let timeout = try args.seconds("timeout") ?? 5
            let catalog = try catalogOption(args)
            let policy = try args.values["catalog"].map { path throws(FormatError) in try HistoryFile.readPolicy(path) }
            do {
                return try SubjectRunner.external(
                    command: exec, timeout: timeout, catalog: catalog ?? ExampleCatalog.standard, policy: policy ?? AppPolicy())
            } catch {
                throw UsageError("--exec: \(error)", command: "check")
            }
        case (.some, .some):
            throw UsageError("give either --subject or --exec, not both", command: command)
        case (nil, nil):
            if let fallback { return fallback }
            throw UsageError("say which subject to check: --subject NAME (see --list-subjects) or --exec 'CMD ARG…'", command: command)
        }
    }
}
