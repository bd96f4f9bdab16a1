import BuiltInSubjects
import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine

extension CommandHelp {
    /// Examples shown at the end of a command's help; a test runs each one (from a copy of the
    /// repository's `Tests`, `docs` and `Examples` folders, so the files they name exist).
    static let examples: [String: [String]] = [
        "report": [
            "purchase-conformance report Tests/RegressionCorpus/Cases/example-refund-ignored.json",
            "purchase-conformance report docs/examples/timeline-example.json --html timeline.html",
            "purchase-conformance report Tests/RegressionCorpus/Cases/play-ignores-hold.json",
        ],
        "shrink": [
            "purchase-conformance shrink Tests/RegressionCorpus/Cases/bench-m2.json --out bench-m2.shrunk.json",
            "purchase-conformance shrink Tests/RegressionCorpus/Cases/play-ignores-hold.json --out play.shrunk.json",
        ],
        "check": [
            "purchase-conformance check --subject example-refund-ignored --histories 500 --no-save --html failures-html",
            "purchase-conformance check --subject reference --histories 200 --no-save --observations observations.jsonl",
            "purchase-conformance check --subject play-reference-app --catalog Examples/google-play/catalog.json --consumables gas --histories 200 --no-save",
        ],
    ]

    /// The examples block of `command`'s help, or nothing.
    static func exampleLines(for command: String) -> [String] {
        guard let list = examples[command], !list.isEmpty else { return [] }
        return ["", "Examples:"] + list.map { "  " + $0 }
    }
}
