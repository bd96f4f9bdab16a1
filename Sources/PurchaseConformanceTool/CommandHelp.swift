import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// The options and help text of each subcommand.
enum CommandHelp {
    static let subjectOptions: [OptionSpec] = [
        OptionSpec(name: "subject", value: "NAME", help: "a built-in subject (see --list-subjects)"),
        OptionSpec(name: "exec", value: "'CMD ARG…'", help: "a subject in another process speaking purchase-subject/1 (no shell)"),
        OptionSpec(name: "timeout", value: "SECONDS", help: "per-message timeout for --exec (default 5s)"),
        OptionSpec(name: "store", value: "KIND", help: "appStore (default) or googlePlay: which store --exec's subject speaks for"),
        OptionSpec(name: "catalog", value: "FILE", help: "the catalog: JSON or an Xcode .storekit file; for Google Play, a Play catalog (a history file also gives its policy)"),
        OptionSpec(name: "grants", value: "ID=N,…", help: "units each consumable of a .storekit catalog credits (also NAME.conformance.json beside it)"),
        OptionSpec(name: "durations", value: "ID=P3M,…", help: "how long each non-renewing subscription of a .storekit catalog lasts"),
        OptionSpec(name: "checks", value: "A,B", help: "run only these checks"),
        OptionSpec(name: "skip-checks", value: "A,B", help: "switch these checks off"),
        .helpFlag,
    ]

    static let check: [OptionSpec] = subjectOptions + [
        OptionSpec(name: "consumables", value: "ID,…|none", help: "Google Play: the one-time products the app consumes (asked for with a bare Play --catalog)"),
        OptionSpec(name: "list-subjects", value: nil, help: "list the built-in subjects and exit"),
        OptionSpec(name: "profile", value: "quick|ci|deep", help: "200 histories (30 s at most), 2000, or 100000 of up to 100 events (20 min at most)"),
        OptionSpec(name: "histories", value: "N", help: "histories to generate (default 1000)"),
        OptionSpec(name: "max-events", value: "N", help: "the most events in one history (default 50)"),
        OptionSpec(name: "seed", value: "HEX|random", help: "the seed (default 5eed0001, fixed so CI checks the same histories every run); random draws one and the report prints it"),
        OptionSpec(name: "time-limit", value: "SECONDS", help: "stop generating after this long"),
        OptionSpec(name: "shard", value: "I/N", help: "run shard I of N (all N shards = the unsharded run)"),
        OptionSpec(name: "jobs", value: "N", help: "threads to use (default: all cores; --exec uses 1)"),
        OptionSpec(name: "all-failures", value: nil, help: "keep going after a failure to find every distinct failing check"),
        OptionSpec(name: "failures", value: "DIR", help: "failures folder, replayed first (default .purchase-conformance/failures)"),
        OptionSpec(name: "no-save", value: nil, help: "neither replay nor save failures"),
        OptionSpec(name: "json", value: nil, help: "print a machine-readable report (format purchase-conformance-report/1)"),
        OptionSpec(name: "stats", value: nil, help: "print what the histories exercised: event kinds, states, variations"),
        OptionSpec(name: "html", value: "DIR", help: "write each failure's timeline picture to DIR/NAME.html"),
        OptionSpec(name: "observations", value: "FILE", help: "write one JSON line per history (Hypothesis/Tyche observations)"),
        OptionSpec(
            name: "health-threshold", value: "PERCENT",
            help: "with --stats or --json, warn about kinds and states in fewer histories (default 1; 0 = off)"),
    ]

    static let replay: [OptionSpec] = subjectOptions + [
        OptionSpec(name: "trace", value: nil, help: "print every event with the messages, the replies and each check"),
        OptionSpec(name: "expect", value: nil, help: "exit 0 when every file meets its `expect`, 1 otherwise"),
        OptionSpec(name: "json", value: nil, help: "print one JSON object per history, one per line (file, subject, outcome, check, atEvent, expect, meetsExpectation)"),
    ]

    static let report: [OptionSpec] = subjectOptions + [
        OptionSpec(name: "html", value: "OUT", help: "also write the timeline as one self-contained HTML page"),
    ]

    static let shrink: [OptionSpec] = subjectOptions + [
        OptionSpec(name: "out", value: "FILE", help: "where to write the shrunk history (default: FILE with .shrunk.json)"),
    ]

    static let model: [OptionSpec] = [
        OptionSpec(name: "acknowledge", value: "app|none", help: "Google Play files: acknowledge and consume as a correct app does (default), or never"),
        .helpFlag,
    ]

    static let corpus: [OptionSpec] = subjectOptions + [
        OptionSpec(name: "corpus", value: "DIR", help: "the corpus folder (default Tests/RegressionCorpus/Cases)"),
        OptionSpec(name: "name", value: "NAME", help: "the case's file name (default: the history's name)"),
    ]

    static let demo: [OptionSpec] = [
        OptionSpec(name: "histories", value: "N", help: "the most histories per seed system (default 2500)"),
        OptionSpec(name: "time-limit", value: "SECONDS", help: "the longest search per seed system and twin (default 6s)"),
        OptionSpec(name: "twin-histories", value: "N", help: "histories per corrected twin (default 300)"),
        OptionSpec(name: "others", value: "N", help: "histories per other built-in subject, 0 to skip them (default 150)"),
        OptionSpec(name: "subjects", value: "A,B", help: "only these seed systems (and their twins), no other subjects"),
        OptionSpec(name: "seed", value: "HEX", help: "the seed (default 5eed0001)"),
        .helpFlag,
    ]

    static let descriptions: [String: (usage: String, text: String, options: [OptionSpec])] = [
        "check": (
            "purchase-conformance check (--subject NAME | --exec 'CMD ARG…') [options]",
            "Generates histories, runs the subject against the model after every event, shrinks each failure to its shortest history, saves it, and prints the report. A live progress line is shown on a terminal (not with NO_COLOR).",
            check
        ),
        "replay": (
            "purchase-conformance replay FILE|DIR [--subject NAME | --exec 'CMD ARG…'] [--trace] [--expect] [--json]",
            "Replays saved histories; a folder is read with its subfolders (such as .purchase-conformance/failures, one folder per subject). Without --subject or --exec, each file runs against the built-in subject named in its origin (the reference subject when it names none). A history of a subject this tool cannot run (a Swift type in your tests, a program checked with --exec) exits 2 and says what to run instead: PURCHASE_CONFORMANCE_REPLAY=FILE swift test --filter TEST, or replay FILE --exec 'CMD'. Google Play files (\"storeKind\": \"googlePlay\") run against a play-… subject or --store googlePlay --exec 'CMD' the same way (the play-reference-app when the file names no subject); a folder may hold both stores' files.",
            replay
        ),
        "report": (
            "purchase-conformance report FILE [--html OUT] [--subject NAME | --exec 'CMD ARG…']",
            "Replays one history file (a saved failure, say) like replay, prints its report, and with --html writes the failure as a timeline picture on the store clock: a lane per product or subscription group, numbered events, the diverging one marked, what the model expected against what the app reported. Exit 1 when a check fails, as replay does. A Google Play file prints its report the same way (its subject as replay picks it), and --html draws its timeline too.",
            report
        ),
        "shrink": (
            "purchase-conformance shrink FILE [--subject NAME | --exec 'CMD ARG…'] [--out FILE]",
            "Shrinks a saved failing history further against the subject, keeping the same failing check, and writes the result atomically. A Google Play file is shrunk by its event passes (delete, merge and lower time, sort, default store variations) against a play-… subject or --store googlePlay --exec 'CMD'.",
            shrink
        ),
        "model": (
            "purchase-conformance model FILE",
            "Prints, after each event of a purchase-history/1 file, one JSON line: index, event, now, transactions, currentEntitlements, entitled, balances, subscriptions, unfinished, pendingAskToBuy, notifications. For a Google Play file (\"storeKind\": \"googlePlay\"): the messages, queryPurchasesAsync, the entitled products and each token's status and subscriptionsv2 / products answer. A bad file exits 2 naming the field and event; so does a trace that would list more than 200,000 transactions in all (use replay for such a history).",
            model
        ),
        "corpus": (
            "purchase-conformance corpus add FILE [--name NAME] [--corpus DIR] | corpus list [--corpus DIR]",
            "`add` writes a history into a regression corpus (--corpus DIR; this package's is the default) with its `expect`, subject and test. Where this tool can run the subject (a built-in one, or --subject/--exec) it replays the file first: a recorded failure that no longer fails is refused (exit 2), never written down as passing. A Swift subject of yours keeps the failure as recorded; your `swift test` confirms it (Conformance.corpus and Conformance.expect). Google Play files are added the same way, confirmed against a play-… subject or --store googlePlay --exec 'CMD'. `list` prints each case with its check and length.",
            corpus
        ),
        "demo": (
            "purchase-conformance demo [--histories N] [--time-limit SECONDS] [--subjects A,B] [--seed HEX]",
            "Checks the five seed systems (seed-s1 … seed-s5) from scratch and prints, for each, a table of every distinct failing check found: its minimal history and the histories and seconds it took to find. Then each corrected twin (seed-sN-fixed), then the other built-in subjects briefly. Exit 0 when every published system fails and every twin and correct subject passes.",
            demo
        ),
    ]

    /// The help text of `command`, or nil for an unknown command.
    static func text(for command: String) -> String? {
        guard let d = descriptions[command] else { return nil }
        var lines = ["Usage: \(d.usage)", "", d.text, "", "Options:"]
        let lefts = d.options.map { "--\($0.name)" + ($0.value.map { " \($0)" } ?? "") }
        let width = max(24, lefts.map(\.count).max() ?? 0)  // never cut a value's name short
        for (option, left) in zip(d.options, lefts) {
            lines.append("  \(left.padding(toLength: width, withPad: " ", startingAt: 0)) \(option.help)")
        }
        if d.options.contains(where: { $0.name == "catalog" }) {
            lines += [
                "",
                ".storekit catalogs: every consumable needs a grant and every non-renewing subscription a duration (--grants,",
                "--durations, or NAME.conformance.json beside NAME.storekit: {\"consumables\": {\"ID\": N}, \"nonRenewing\": {\"ID\": \"P3M\"}});",
                "a missing one is an error naming the product. Read: products, groups and levels, periods, introductory offers,",
                "promotional (adHocOffers), offer-code and win-back offers, familyShareable, displayPrice; from settings: "
                    + StoreSettings.storeKitFileKeysRead.joined(separator: ", ") + ".",
                "Ignored settings (Xcode test-session switches the model explores itself): "
                    + StoreSettings.storeKitFileKeysIgnored.joined(separator: ", ") + ".",
            ]
        }
        if command == "check" || command == "replay" {
            lines += ["", "Checks: " + Check.builtIn.map(\.id.rawValue).joined(separator: ", ")]
            lines += ["Google Play checks (play-… subjects, --store googlePlay): " + PlayCheck.builtIn.map(\.rawValue).joined(separator: ", ")]
        }
        if command == "check" {
            lines += [
                "",
                "Google Play campaigns: --catalog takes a Play catalog ({\"oneTime\": […], \"subscriptions\": […]}) with --consumables,",
                "or a Play history file, whose policy names the consumables; they take --checks, --skip-checks (never subject-responds),",
                "--histories, --max-events, --seed, --time-limit, --jobs, --all-failures, --json (with \"storeKind\": \"googlePlay\"),",
                "--stats, --shard, --profile, --html, --observations, --failures, --no-save and --timeout too, and refuse the others.",
            ]
        }
        lines += exampleLines(for: command)
        return lines.joined(separator: "\n")
    }
}
